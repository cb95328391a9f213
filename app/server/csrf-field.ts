/** Name of the hidden form field that carries the CSRF token (shared by the admin's forms and csrf.server.ts, which checks it). */
export const CSRF_FIELD = "csrf";
