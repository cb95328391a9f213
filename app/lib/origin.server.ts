/**
 * The public origin of this server, for links the widget follows back
 * (API calls, bundles). BECKON_PUBLIC_URL wins (behind a proxy or CDN);
 * otherwise the origin the request came in on.
 */
export function publicOrigin(request: Request): string {
  const configured = process.env.BECKON_PUBLIC_URL;
  if (configured) return configured.replace(/\/+$/, "");
  return new URL(request.url).origin;
}
