/**
 * An error a model raises about the caller's input. Routes turn it into a 4xx
 * answer that names the field; models stay free of HTTP.
 */
export class InputError extends Error {
  constructor(
    message: string,
    readonly field: string | null = null,
    readonly status: 404 | 409 | 422 = 422,
  ) {
    super(message);
    this.name = "InputError";
  }
}
