/**
 * What the demo host sites know of Beckon, and all they know: what a real
 * host site's owner copies from the install page (the server's origin, the
 * website id, the snippet) and what the public API tells any page (the
 * published CTAs of the website's public config). The Beckon server that
 * serves the demo pages hands it over (app/models/demo-sites.server.ts):
 * the demo's code never reads Beckon's database or models itself.
 */
import type { PublicCtaSummary } from "#contract/schema/public-config";

/** Which demo: the Swedish sales-training site or the demo store. */
export type DemoSite = "sv" | "store";

/** A demo site's Beckon installation, as its owner set it up. */
export interface HostedSite {
  /** Public origin of the Beckon server (the widget script's host). */
  origin: string;
  websiteId: number;
  /** The generic embed snippet for the website, as the install page shows it. */
  snippet: string;
}

/** How a demo page learns about its Beckon installation. */
export interface BeckonForHost {
  /** The demo website behind a page, or null while the demo data is not seeded. */
  site(site: DemoSite, request: Request): Promise<HostedSite | null>;
  /** The website's published CTAs, as its public config (GET /api/websites/{id}.js) carries them. */
  publishedCtas(site: HostedSite): Promise<PublicCtaSummary[]>;
}
