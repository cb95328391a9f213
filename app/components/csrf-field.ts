/** Name of the hidden form field that carries the CSRF token (shared by forms and app/lib/csrf.server.ts). */
export const CSRF_FIELD = "csrf";
