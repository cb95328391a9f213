/**
 * The quiz engine: pure navigation, answers, scoring and results. The quiz
 * element renders `current(state)` and replaces its state with what these return.
 */
export * from "./answers";
export * from "./navigation";
export * from "./outcomes";
export * from "./results";
export * from "./scoring";
export type * from "./types";
