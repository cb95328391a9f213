/**
 * Which broadcasts are on (SPEC 4), without their time frames: a timed
 * broadcast's frame is wall time in its zone (broadcasts.ts), code the
 * loader leaves to the extras chunk, since few websites time broadcasts.
 * Pure: the frame check and the condition test are passed in.
 */
import type { Condition } from "#contract/schema/condition";
import type { PublicBroadcast, PublicCtaSummary } from "#contract/schema/public-config";

/** Whether a broadcast has a time frame to check (quick ones never have). */
export const isTimed = (b: Pick<PublicBroadcast, "quick" | "timeframe">): boolean => !b.quick && !!b.timeframe;

/** Whether a broadcast names the CTA: as the CTA's own broadcast or in its list of CTAs. */
export const namesCta = (broadcast: PublicBroadcast, summary: PublicCtaSummary): boolean =>
  broadcast.id === summary.broadcast_id || (broadcast.cta_ids || []).includes(summary.id);

/** Ids of the broadcasts that are on: quick ones first, then timed ones, each in config order. */
export function broadcastsOn(
  list: PublicBroadcast[],
  started: (b: PublicBroadcast) => boolean,
  pass: (conditions: Condition[]) => boolean,
): number[] {
  const on = (quick: boolean) =>
    list.filter((b) => !!b.quick === quick && started(b) && pass(b.conditions)).map((b) => b.id);
  return [...on(true), ...on(false)];
}
