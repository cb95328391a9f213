/**
 * Shopify's Customer Privacy API before anything identifies the visitor.
 * analyticsProcessingAllowed() combines the shop's settings, the visitor's
 * region and their choice: while it says no, the widget does not start at
 * all (no cookie, no local storage, no visitor, no event, nothing queued),
 * and it starts as soon as the banner's visitorConsentCollected event allows
 * analytics. Where the API is not loaded yet, Shopify's loadFeatures loads
 * it (an API that cannot load says nothing about consent: nothing starts);
 * pages without window.Shopify (any other site) start at once.
 */
export function whenConsented(start: () => void): void {
  const shopify = (window as any).Shopify;
  const check = () =>
    shopify.customerPrivacy.analyticsProcessingAllowed()
      ? start()
      : document.addEventListener("visitorConsentCollected", (e: any) => e.detail.analyticsAllowed && start());
  shopify?.customerPrivacy
    ? check()
    : shopify?.loadFeatures
      ? shopify.loadFeatures([{ name: "consent-tracking-api", version: "0.1" }], (error: unknown) => error || check())
      : start();
}
