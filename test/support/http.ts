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
  return { status: res.status, json: jsonOrNull(text), text, headers: res.headers };
}

/** A body's JSON, or null when it is not JSON (an answer to malformed input may be plain text). */
export function jsonOrNull(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
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

/** A cookie's name=value pair from a response's Set-Cookie headers; throws when the response did not set it. */
export function cookiePair(res: Response, name: string): string {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!line) throw new Error(`no ${name} cookie`);
  return line.split(";")[0];
}

/** The CSRF token of the form in a page's HTML; throws when the page has none. */
export function csrfOf(html: string): string {
  const m = /name="csrf" value="([^"]+)"/.exec(html);
  if (!m) throw new Error("no csrf field on the page");
  return m[1];
}

/**
 * Signs in through the standalone admin's form as a browser does: the sign-in
 * page for its CSRF cookie and token, then the e-mail and password posted
 * with them. Returns the form's answer: a 302 setting the owner's cookie
 * (beckon_owner) when the password is right.
 */
export async function signInByForm(origin: string, email: string, password: string): Promise<Response> {
  const page = await fetch(`${origin}/owner/login`, { redirect: "manual" });
  const csrf = csrfOf(await page.text());
  return postForm(origin, "/owner/login", { email, password, csrf }, { Cookie: cookiePair(page, "beckon_csrf") });
}
