/**
 * Server-side validation errors of the CTA document, by path
 * ("variants.0.steps.1.sections.0.columns.0.elements.2.fields.0.slug"), for
 * every editor control to find its own.
 */
import { createContext, useContext } from "react";
import { errorAt, errorsUnder, type Path } from "./document";

const EditorErrors = createContext<Record<string, string>>({});

/** Provides the errors of the last save to the editor below. */
export const EditorErrorsProvider = EditorErrors.Provider;

/** The error at exactly this path, if any. */
export function useError(path: Path): string | undefined {
  return errorAt(useContext(EditorErrors), path);
}

/** Every error at or under this path (a card or tab that hides them says how many). */
export function useErrorsUnder(path: Path): string[] {
  return errorsUnder(useContext(EditorErrors), path);
}

/** All errors, for builders that take the map (conditions). */
export function useAllErrors(): Record<string, string> {
  return useContext(EditorErrors);
}
