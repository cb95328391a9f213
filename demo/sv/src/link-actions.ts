/**
 * Link actions (SPEC 2): a link whose hash carries an action name and
 * encoded settings, `#elementor-action:action=lightbox&settings=<base64 JSON>`
 * (often percent-encoded). The only action the site uses opens the lightbox
 * with a single image or a slideshow. Pure.
 */

export interface LightboxActionSettings {
  type: "image" | "slideshow" | "video";
  /** type image or video */
  url?: string;
  title?: string;
  /** type slideshow */
  slides?: { url: string; title?: string }[];
  slide_index?: number;
}

export type LinkAction =
  | { action: "lightbox"; settings: LightboxActionSettings }
  | { action: string; settings: Record<string, unknown> };

const PREFIX = "#elementor-action:";

const fromBase64 = (s: string): string => {
  const bin = atob(s);
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
};

const toBase64 = (s: string): string => btoa(String.fromCharCode(...new TextEncoder().encode(s)));

/** Reads a link action from a hash, or null when the hash is not one (or is malformed). */
export function parseLinkAction(hash: string): LinkAction | null {
  let text: string;
  try {
    text = decodeURIComponent(hash);
  } catch {
    return null;
  }
  if (!text.startsWith(PREFIX)) return null;
  const params = new URLSearchParams(text.slice(PREFIX.length));
  const action = params.get("action");
  if (!action) return null;
  const encoded = params.get("settings");
  let settings: Record<string, unknown> = {};
  if (encoded) {
    try {
      // URLSearchParams turned "+" of the base64 into spaces.
      const parsed: unknown = JSON.parse(fromBase64(encoded.replace(/ /g, "+")));
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
      settings = parsed as Record<string, unknown>;
    } catch {
      return null;
    }
  }
  if (action === "lightbox") {
    const lightbox = settings as Partial<LightboxActionSettings>;
    const slides = Array.isArray(lightbox.slides) ? lightbox.slides.filter((x) => x && typeof x.url === "string") : [];
    if (lightbox.type === "slideshow" ? slides.length === 0 : typeof lightbox.url !== "string") return null;
    return {
      action,
      settings: {
        ...lightbox,
        type: lightbox.type === "slideshow" || lightbox.type === "video" ? lightbox.type : "image",
        slides,
      } as LightboxActionSettings,
    };
  }
  return { action, settings };
}

/** Builds the hash for a link action (percent-encoded, as the page builder writes it). */
export function linkActionHash(action: string, settings: Record<string, unknown>): string {
  return "#" + encodeURIComponent(`elementor-action:action=${action}&settings=${toBase64(JSON.stringify(settings))}`);
}
