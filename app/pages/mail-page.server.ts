/** The plain HTML page of the public mail links (confirm, unsubscribe, download), with a strict policy. */
import { escapeHtml } from "#app/server/html";

export function page(lang: string, title: string, body: string, status = 200): Response {
  const html = `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{margin:0;font:17px/1.5 system-ui,sans-serif;color:#1d2530;background:#f7f8fa}main{max-width:560px;margin:48px auto;padding:24px;background:#fff;border-radius:8px}button,a.button{display:inline-block;font:inherit;padding:10px 18px;border:0;border-radius:6px;background:#0b5cad;color:#fff;cursor:pointer;text-decoration:none}</style>
</head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body>
</html>
`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    },
  });
}
