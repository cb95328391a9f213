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
  const trimmed = url.trim();
  let match = /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([\w-]{6,20})/i.exec(
    trimmed,
  );
  if (match) return { provider: "youtube", id: match[1] };
  match = /vimeo\.com\/(?:video\/)?(\d{3,12})/i.exec(trimmed);
  if (match) return { provider: "vimeo", id: match[1] };
  match = /(?:wistia\.(?:com|net)\/(?:medias|embed\/iframe)\/|wi\.st\/medias\/)(\w{4,20})/i.exec(trimmed);
  if (match) return { provider: "wistia", id: match[1] };
  return null;
}

/** The iframe address of a video (the APIs attach to these iframes). */
export function embedUrl(video: VideoRef, autoplay = false, origin = location.origin): string {
  const auto = autoplay ? 1 : 0;
  switch (video.provider) {
    case "youtube":
      return `https://www.youtube-nocookie.com/embed/${video.id}?enablejsapi=1&rel=0&autoplay=${auto}&mute=${auto}&origin=${encodeURIComponent(origin)}`;
    case "vimeo":
      return `https://player.vimeo.com/video/${video.id}?autoplay=${auto}&muted=${auto}`;
    case "wistia":
      return `https://fast.wistia.net/embed/iframe/${video.id}?autoPlay=${auto === 1}&muted=${auto === 1}`;
  }
}

const SCRIPTS: Record<Provider, string> = {
  youtube: "https://www.youtube.com/iframe_api",
  vimeo: "https://player.vimeo.com/api/player.js",
  wistia: "https://fast.wistia.net/assets/external/E-v1.js",
};

/** Whether the provider's API is ready on the page. */
export function apiReady(provider: Provider, win: Window = window): boolean {
  const host = win as unknown as Record<string, any>;
  if (provider === "youtube") return typeof host.YT?.Player == "function";
  if (provider === "vimeo") return typeof host.Vimeo?.Player == "function";
  return typeof host.Wistia?.api == "function";
}

/** Loads a provider script once and polls every 350 ms until its API answers; false after about 20 s. */
export function loadVideoApi(provider: Provider, doc: Document = document, poll = POLL_MS): Promise<boolean> {
  const win = doc.defaultView!;
  if (!doc.querySelector(`script[data-beckon-video="${provider}"]`) && !apiReady(provider, win)) {
    const script = doc.createElement("script");
    script.src = SCRIPTS[provider];
    script.async = true;
    script.setAttribute("data-beckon-video", provider);
    doc.head.appendChild(script);
  }
  return new Promise((resolve) => {
    let tries = 0;
    const check = () => {
      if (apiReady(provider, win)) return resolve(true);
      if (++tries > POLL_LIMIT) return resolve(false);
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
  const host = win as unknown as Record<string, any>;
  try {
    if (provider === "youtube") {
      const ytPlayer = new host.YT.Player(iframe);
      return () => ytPlayer.pauseVideo?.();
    }
    if (provider === "vimeo") {
      const vimeoPlayer = new host.Vimeo.Player(iframe);
      return () => void vimeoPlayer.pause().catch(() => undefined);
    }
    const wistiaPlayer = host.Wistia.api(id);
    return () => wistiaPlayer?.pause?.();
  } catch {
    return () => undefined;
  }
}
