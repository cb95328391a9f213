/**
 * Debug mode and its console messages (the other kind, always printed, is
 * ./log.ts's warn). Debug mode is the runtime's own: an owner testing the
 * widget on a page, that is admin mode (the test panel, a logged-in owner),
 * preview mode (the editor's preview, Shopify's theme editor) or a CTA
 * forced by cf_campaign_id; on a headless storefront, a BeckonCta shown in
 * admin or preview mode. The switch is a property of the page's global
 * object because the loader, each lazy chunk and the React package bundle
 * their own copy of this module. Its own module, apart from log.ts, so that
 * bundles that never print a debug message (the loader, the renderer's
 * first download) do not carry it.
 */
import { warn } from "./log";

/** The page-wide switch: the runtime sets it when it knows its mode. */
export type DebugSwitch = { __beckonDebug?: boolean };

/** Turns debug mode on or off for every bundle of the widget on this page. */
export function setDebug(on: boolean): void {
  (globalThis as DebugSwitch).__beckonDebug = on;
}

/** Prints a message in debug mode only (like warn, "[beckon]" first). */
export function debug(message: string, ...rest: unknown[]): void {
  if ((globalThis as DebugSwitch).__beckonDebug) warn(message, ...rest);
}
