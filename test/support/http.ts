/** HTTP calls the API tests make against a test server, written once. */

/**
 * A public API POST as the widget sends it (JSON as text/plain, so no CORS
 * preflight); a string body goes as it is, for malformed-input tests. The
 * answer's JSON is null when the body is not JSON.
 */
export async function postPublic(origin: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(origin + path, {
    method: "POST",
    headers: { "Content-Type": "text/plain;charset=UTF-8", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, json, text, headers: res.headers };
}

/** An admin form POST from the admin's own origin, redirects not followed. */
export function postForm(
  origin: string,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}
