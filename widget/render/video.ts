/**
 * Video embeds (YouTube, Vimeo, Wistia): the address → provider and id, the
 * embed URL, and the provider's player script, loaded on demand and polled
 * every 350 ms until its API is ready (SPEC 7). The player API pauses the
 * video when its CTA goes away.
 */
export type Provider = "youtube" | "vimeo" | "wistia";

export interface VideoRef {
  provider: Provider;
  id: string;
}

/** SPEC 7: video-provider scripts are polled every 350 ms until ready. */
export const POLL_MS = 350;
const POLL_LIMIT = 60;

/** The provider and id of a video address, or null. */
export function parseVideo(url: string): VideoRef | null {
  const u = url.trim();
  let m = /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([\w-]{6,20})/i.exec(u);
  if (m) return { provider: "youtube", id: m[1] };
  m = /vimeo\.com\/(?:video\/)?(\d{3,12})/i.exec(u);
  if (m) return { provider: "vimeo", id: m[1] };
  m = /(?:wistia\.(?:com|net)\/(?:medias|embed\/iframe)\/|wi\.st\/medias\/)(\w{4,20})/i.exec(u);
  if (m) return { provider: "wistia", id: m[1] };
  return null;
}

/** The iframe address of a video (the APIs attach to these iframes). */
export function embedUrl(v: VideoRef, autoplay = false, origin = location.origin): string {
  const a = autoplay ? 1 : 0;
  switch (v.provider) {
    case "youtube":
      return `https://www.youtube-nocookie.com/embed/${v.id}?enablejsapi=1&rel=0&autoplay=${a}&mute=${a}&origin=${encodeURIComponent(origin)}`;
    case "vimeo":
      return `https://player.vimeo.com/video/${v.id}?autoplay=${a}&muted=${a}`;
    case "wistia":
      return `https://fast.wistia.net/embed/iframe/${v.id}?autoPlay=${a === 1}&muted=${a === 1}`;
  }
}

const SCRIPTS: Record<Provider, string> = {
  youtube: "https://www.youtube.com/iframe_api",
  vimeo: "https://player.vimeo.com/api/player.js",
  wistia: "https://fast.wistia.net/assets/external/E-v1.js",
};

/** Whether the provider's API is ready on the page. */
export function apiReady(provider: Provider, win: Window = window): boolean {
  const w = win as unknown as Record<string, any>;
  if (provider === "youtube") return typeof w.YT?.Player == "function";
  if (provider === "vimeo") return typeof w.Vimeo?.Player == "function";
  return typeof w.Wistia?.api == "function";
}

/** Loads a provider script once and polls every 350 ms until its API answers; false after about 20 s. */
export function loadVideoApi(provider: Provider, doc: Document = document, poll = POLL_MS): Promise<boolean> {
  const win = doc.defaultView!;
  if (!doc.querySelector(`script[data-beckon-video="${provider}"]`) && !apiReady(provider, win)) {
    const s = doc.createElement("script");
    s.src = SCRIPTS[provider];
    s.async = true;
    s.setAttribute("data-beckon-video", provider);
    doc.head.appendChild(s);
  }
  return new Promise((resolve) => {
    let n = 0;
    const check = () => {
      if (apiReady(provider, win)) return resolve(true);
      if (++n > POLL_LIMIT) return resolve(false);
      setTimeout(check, poll);
    };
    check();
  });
}

/** Attaches the provider's player to an embed iframe; answers a pause function. */
export function attachPlayer(
  provider: Provider,
  iframe: HTMLIFrameElement,
  id: string,
  win: Window = window,
): () => void {
  const w = win as unknown as Record<string, any>;
  try {
    if (provider === "youtube") {
      const p = new w.YT.Player(iframe);
      return () => p.pauseVideo?.();
    }
    if (provider === "vimeo") {
      const p = new w.Vimeo.Player(iframe);
      return () => void p.pause().catch(() => undefined);
    }
    const p = w.Wistia.api(id);
    return () => p?.pause?.();
  } catch {
    return () => undefined;
  }
}
