/** Answers in the shape of the host site's WordPress REST API. */

export function restJson(data: unknown, status = 200): Response {
  return new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" } });
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
