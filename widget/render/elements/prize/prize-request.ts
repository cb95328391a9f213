/**
 * The draw request of a prize game: the lead goes to the server, which
 * answers the prize (contract/schema/prize-game.ts). The browser never picks.
 */
import type { PrizeDrawResult } from "#contract/schema/prize-game";
import type { RenderContext } from "#widget/render/context";
import type { CtaElement } from "#contract/schema/cta";
import { randomId } from "#widget/core/ids";

export interface PrizeEntry {
  email: string;
  privacy: boolean | null;
  marketing: boolean | null;
}

/** The prize, "gone" when every prize has been won, or "failed". */
export async function requestPrize(
  ctx: RenderContext,
  element: CtaElement,
  entry: PrizeEntry,
  send: typeof fetch = fetch,
): Promise<PrizeDrawResult | "gone" | "failed"> {
  const { config, person } = ctx;
  const contact = {
    ...ctx.ids(element),
    id: randomId(),
    // A visitor the loader has not stored yet still plays: the server makes the person from this token.
    visitor_token: person?.visitor_token || randomId(24),
    email: entry.email,
    contactable_type: "Cta",
    contactable_id: ctx.cta.id,
    source_url: location.href.slice(0, 2000),
    ...(entry.privacy == null ? {} : { privacy_consent: entry.privacy }),
    ...(entry.marketing == null ? {} : { marketing_consent: entry.marketing }),
  };
  try {
    const res = await send(`${config.api_origin}/api/websites/${config.website_id}/prize_draws`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ contact }),
    });
    if (res.status === 409) return "gone";
    return res.ok ? ((await res.json()) as PrizeDrawResult) : "failed";
  } catch {
    return "failed";
  }
}
