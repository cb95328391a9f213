/** The hidden CSRF token field every owner POST form carries. */
import { CSRF_FIELD } from "#app/server/csrf-field";

export function CsrfInput({ token }: { token: string }) {
  return <input type="hidden" name={CSRF_FIELD} value={token} />;
}
