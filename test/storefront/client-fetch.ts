/**
 * Fetch wrappers that let real widget code talk to the local storefront from
 * Node: a cookie jar (the Ajax cart lives in the cart cookie, which a browser
 * would keep) and a rewrite of https://{shop} to the local origin (the
 * Storefront API client always builds https URLs).
 */

export type CookieFetch = typeof fetch & { jar: Map<string, string> };

/** fetch with a cookie jar; redirects are followed by hand so cookies set on a 302 are kept. */
export function cookieFetch(inner: typeof fetch = globalThis.fetch): CookieFetch {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      if (i > 0) jar.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
    }
  };
  const withCookies = (init: RequestInit = {}): RequestInit => {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set("Cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    return { ...init, headers, redirect: "manual" };
  };
  const f = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    let url = String(input instanceof Request ? input.url : input);
    let res = await inner(url, withCookies(init));
    remember(res);
    for (
      let hops = 0;
      init.redirect !== "manual" && res.status >= 300 && res.status < 400 && res.headers.get("location") && hops < 5;
      hops++
    ) {
      url = new URL(res.headers.get("location")!, url).href;
      res = await inner(url, withCookies({ method: "GET" }));
      remember(res);
    }
    return res;
  };
  return Object.assign(f, { jar }) as CookieFetch;
}

/** fetch that sends requests for any https origin to the local storefront instead. */
export function rewriteToOrigin(origin: string, inner: typeof fetch = globalThis.fetch): typeof fetch {
  return ((input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    return inner(origin + url.pathname + url.search, init);
  }) as typeof fetch;
}
