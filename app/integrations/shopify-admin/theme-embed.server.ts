/**
 * The Shopify side of installing the widget: the theme-editor deep link that
 * opens the app embed ready to turn on, and a check of whether the embed is
 * on in the shop's published theme (config/settings_data.json, read through
 * the Admin GraphQL API; needs the read_themes scope).
 */

import type { AdminAnswer } from "./operations";

/** The part of the Admin API client this module uses (`admin.graphql` of authenticate.admin). */
export type AdminGraphql = (query: string, options?: { variables?: Record<string, unknown> }) => Promise<Response>;

/** The handle of our app embed block (extensions/cta-embed/blocks/app-embed.liquid). */
export const APP_EMBED_HANDLE = "app-embed";

/**
 * Shopify's documented app embed deep link: opens the theme editor on the
 * current theme with our embed selected, ready to activate.
 */
export function themeEditorEmbedUrl(shop: string, apiKey: string, handle = APP_EMBED_HANDLE): string {
  const params = new URLSearchParams({ context: "apps", activateAppId: `${apiKey}/${handle}` });
  return `https://${shop}/admin/themes/current/editor?${params.toString()}`;
}

export const MAIN_THEME_SETTINGS_QUERY = `#graphql
  query BeckonMainThemeSettings {
    themes(first: 1, roles: [MAIN]) {
      nodes {
        id
        name
        files(filenames: ["config/settings_data.json"], first: 1) {
          nodes {
            filename
            body {
              ... on OnlineStoreThemeFileBodyText { content }
              ... on OnlineStoreThemeFileBodyBase64 { contentBase64 }
            }
          }
        }
      }
    }
  }`;

/** What the check found. */
export type EmbedStatus =
  | { state: "on"; themeName: string }
  | { state: "off"; themeName: string }
  | { state: "unknown"; reason: string };

/** settings_data.json starts with a /* ... *\/ notice that JSON.parse refuses; strip leading comments. */
function parseSettingsData(text: string): unknown {
  const body = text.replace(/^\uFEFF/, "").replace(/^\s*(\/\*[\s\S]*?\*\/\s*)+/, "");
  return JSON.parse(body);
}

type Blocks = Record<string, { type?: unknown; disabled?: unknown }>;

function blocksOf(settings: unknown): Blocks {
  const parsed = (settings ?? {}) as { current?: unknown; presets?: Record<string, unknown> };
  // `current` is either the settings object or the name of a preset.
  const current = typeof parsed.current === "string" ? parsed.presets?.[parsed.current] : parsed.current;
  const blocks = (current as { blocks?: unknown } | undefined)?.blocks;
  return blocks !== null && typeof blocks === "object" ? (blocks as Blocks) : {};
}

/** Whether settings_data.json has one of our app embed blocks switched on. */
export function embedEnabledIn(settingsData: unknown, handle = APP_EMBED_HANDLE): boolean {
  return Object.values(blocksOf(settingsData)).some(
    (block) =>
      typeof block?.type === "string" &&
      block.type.includes(`/blocks/${handle}/`) &&
      block.disabled !== true &&
      block.disabled !== "true",
  );
}

/** Asks Shopify whether the app embed is on in the published theme; never throws. */
export async function checkThemeEmbed(graphql: AdminGraphql, handle = APP_EMBED_HANDLE): Promise<EmbedStatus> {
  let answer: AdminAnswer<typeof MAIN_THEME_SETTINGS_QUERY>;
  try {
    const response = await graphql(MAIN_THEME_SETTINGS_QUERY);
    answer = (await response.json()) as AdminAnswer<typeof MAIN_THEME_SETTINGS_QUERY>;
  } catch (e) {
    return { state: "unknown", reason: `Shopify did not answer (${e instanceof Error ? e.message : String(e)})` };
  }
  if (answer.errors)
    return { state: "unknown", reason: "Shopify refused the theme query (does the app have the read_themes scope?)" };
  const theme = answer.data?.themes?.nodes?.[0];
  if (!theme) return { state: "unknown", reason: "The shop has no published theme" };
  const themeName = theme.name ?? "the published theme";
  const file = theme.files?.nodes?.find((f) => f.filename === "config/settings_data.json") ?? theme.files?.nodes?.[0];
  // The body is text, base64, or a short-lived URL (OnlineStoreThemeFileBodyUrl, none of its fields asked for: `{}`).
  const body: { content?: string; contentBase64?: string } | undefined = file?.body;
  const text =
    body?.content ?? (body?.contentBase64 ? Buffer.from(body.contentBase64, "base64").toString("utf8") : null);
  // A theme never customised has no settings_data.json: nothing is switched on.
  if (text === null || text === undefined) return { state: "off", themeName };
  try {
    return { state: embedEnabledIn(parseSettingsData(text), handle) ? "on" : "off", themeName };
  } catch {
    return { state: "unknown", reason: `Could not read the settings of ${themeName}` };
  }
}
