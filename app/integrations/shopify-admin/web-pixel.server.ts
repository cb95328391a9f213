/**
 * Connects the Beckon web pixel (extensions/beckon-pixel) to a shop: after
 * `shopify app deploy` the extension exists, but it runs in a shop only once
 * the app creates its web pixel there with settings (Admin API
 * webPixelCreate; needs the write_pixels and read_customer_events scopes).
 * Done after every Shopify auth, so a moved server address or a new website
 * reaches the pixel; it never throws, since a shop without the scopes must
 * still be able to use the app.
 */
import type {
  AdminAnswer,
  AdminOperations,
  BeckonWebPixelCreateMutation,
  BeckonWebPixelQuery,
  BeckonWebPixelUpdateMutation,
} from "./operations";
import type { AdminGraphql } from "./theme-embed.server";

/** The pixel's settings, as its shopify.extension.toml defines them (strings). */
export interface WebPixelSettings {
  websiteId: string;
  appUrl: string;
}

export type WebPixelConnection =
  | { state: "created" | "updated" | "unchanged"; id: string }
  | { state: "failed"; reason: string };

export const WEB_PIXEL_QUERY = `#graphql
  query BeckonWebPixel { webPixel { id settings } }`;

export const WEB_PIXEL_CREATE = `#graphql
  mutation BeckonWebPixelCreate($webPixel: WebPixelInput!) {
    webPixelCreate(webPixel: $webPixel) { userErrors { field message } webPixel { id settings } }
  }`;

export const WEB_PIXEL_UPDATE = `#graphql
  mutation BeckonWebPixelUpdate($id: ID!, $webPixel: WebPixelInput!) {
    webPixelUpdate(id: $id, webPixel: $webPixel) { userErrors { field message } webPixel { id settings } }
  }`;

/** The settings for a website served from a Beckon origin. */
export function webPixelSettings(websiteId: number, appUrl: string): WebPixelSettings {
  return { websiteId: String(websiteId), appUrl: new URL(appUrl).origin };
}

/** What webPixelCreate or webPixelUpdate answered, null or missing when the mutation failed as a whole. */
type PixelPayload =
  | BeckonWebPixelCreateMutation["webPixelCreate"]
  | BeckonWebPixelUpdateMutation["webPixelUpdate"]
  | undefined;

/** Shopify answers settings as a JSON string (or, in places, an object). */
function sameSettings(stored: unknown, wanted: WebPixelSettings): boolean {
  let value = stored;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return false;
    }
  }
  const record = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  return record.websiteId === wanted.websiteId && record.appUrl === wanted.appUrl && Object.keys(record).length === 2;
}

async function ask<Q extends keyof AdminOperations>(
  graphql: AdminGraphql,
  query: Q,
  variables?: AdminOperations[Q]["variables"],
): Promise<AdminAnswer<Q>> {
  const response = await graphql(query, variables ? { variables } : undefined);
  return (await response.json()) as AdminAnswer<Q>;
}

/** Creates the shop's Beckon web pixel for a website served from appUrl, or updates its settings; reports what it did. */
export async function connectWebPixel(
  graphql: AdminGraphql,
  websiteId: number,
  appUrl: string,
): Promise<WebPixelConnection> {
  let settings: WebPixelSettings;
  try {
    settings = webPixelSettings(websiteId, appUrl);
  } catch {
    return { state: "failed", reason: `Beckon's address is not a URL: ${appUrl}` };
  }
  try {
    let current: BeckonWebPixelQuery["webPixel"] | undefined = null;
    try {
      current = (await ask(graphql, WEB_PIXEL_QUERY)).data?.webPixel;
    } catch {
      // Without a pixel yet Shopify answers webPixel null with an error ("No web pixel was found for
      // this app"), which the Admin API client throws: create one then. A real outage fails that too.
    }
    if (current?.id && sameSettings(current.settings, settings)) return { state: "unchanged", id: current.id };
    const webPixel = { settings: JSON.stringify(settings) };
    let result: PixelPayload;
    let errors: { message?: string }[] | undefined;
    if (current?.id) {
      const answer = await ask(graphql, WEB_PIXEL_UPDATE, { id: current.id, webPixel });
      result = answer.data?.webPixelUpdate;
      errors = answer.errors;
    } else {
      const answer = await ask(graphql, WEB_PIXEL_CREATE, { webPixel });
      result = answer.data?.webPixelCreate;
      errors = answer.errors;
    }
    const problem = result?.userErrors?.[0]?.message ?? errors?.[0]?.message;
    if (problem || !result?.webPixel?.id) {
      return {
        state: "failed",
        reason:
          problem ??
          "Shopify did not return the web pixel (does the app have the write_pixels and read_customer_events scopes?)",
      };
    }
    return { state: current?.id ? "updated" : "created", id: result.webPixel.id };
  } catch (e) {
    return { state: "failed", reason: `Shopify did not answer (${e instanceof Error ? e.message : String(e)})` };
  }
}
