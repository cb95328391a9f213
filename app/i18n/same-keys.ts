/** A catalogue with exactly the keys of another one (its English twin), each a text. */
export type SameKeys<T> = { readonly [K in keyof T]: string };
