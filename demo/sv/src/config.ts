/**
 * The site's settings, rendered by the server as inline JSON
 * (<script type="application/json" id="sv-site-config">), the way the page
 * builder hands its frontend a config object.
 */
export interface SiteConfig {
  /** The current page's post id (refresh-loop's post_id). */
  postId: number;
  /** Base of the site's REST API, ending in "/". */
  restUrl: string;
  /** The page is open in the page builder's editor preview. */
  isEditMode: boolean;
  editorPreferences: { lightbox_enable_in_editor?: "yes" | "no" };
  /** Site-wide kit settings: global_image_lightbox, lightbox_enable_counter/fullscreen/zoom/share. */
  kit: Record<string, string | boolean | undefined>;
  user: { loggedIn: boolean; roles: string[] };
  /** The Beckon site-specific script, loaded if the page lacks it. */
  widget: { script: string | null };
  forms: { remoteEmail?: string; contact?: string };
}

export const DEFAULT_CONFIG: SiteConfig = {
  postId: 0,
  restUrl: "/wp-json/",
  isEditMode: false,
  editorPreferences: {},
  kit: { global_image_lightbox: "yes" },
  user: { loggedIn: false, roles: [] },
  widget: { script: null },
  forms: {},
};

/** Reads the inline config, falling back to defaults for anything missing. */
export function readConfig(doc: Document): SiteConfig {
  const el = doc.getElementById("sv-site-config");
  let raw: Partial<SiteConfig> = {};
  try {
    raw = el?.textContent ? (JSON.parse(el.textContent) as Partial<SiteConfig>) : {};
  } catch {
    console.error("[sv] site config is not valid JSON");
  }
  return {
    ...DEFAULT_CONFIG,
    ...raw,
    editorPreferences: { ...DEFAULT_CONFIG.editorPreferences, ...raw.editorPreferences },
    kit: { ...DEFAULT_CONFIG.kit, ...raw.kit },
    user: { ...DEFAULT_CONFIG.user, ...raw.user },
    widget: { ...DEFAULT_CONFIG.widget, ...raw.widget },
    forms: { ...DEFAULT_CONFIG.forms, ...raw.forms },
  };
}
