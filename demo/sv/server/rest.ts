/** Answers in the shape of the host site's WordPress REST API. */

export function restJson(data: unknown, status = 200): Response {
  return new Response(JSON.stringify(data), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** { code, message, data: { status } } as WordPress answers errors. */
export function restError(status: number, code: string, message: string, data: Record<string, unknown> = {}): Response {
  return restJson({ code, message, data: { status, ...data } }, status);
}

/** A url-encoded form body (at most 16 KB), or null when the body is something else. */
export async function readFormPost(request: Request): Promise<URLSearchParams | null> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) return null;
  const text = await request.text();
  return text.length > 16_384 ? null : new URLSearchParams(text);
}

/** WordPress's answer to a method a route does not take. */
export function noRoute(): Response {
  return restError(405, "rest_no_route", "No route was found matching the URL and request method.");
}

/**
 * The action of a route the host site's forms post to: other methods get
 * noRoute, a body that is no url-encoded form a 400 asking for `what` in that
 * shape, and a form goes to `answer`.
 */
export function formPostAction(what: string, answer: (form: URLSearchParams) => Response) {
  return async ({ request }: { request: Request }): Promise<Response> => {
    if (request.method !== "POST") return noRoute();
    const form = await readFormPost(request);
    if (!form) return restError(400, "rest_invalid_param", `Send ${what} as application/x-www-form-urlencoded.`);
    return answer(form);
  };
}
