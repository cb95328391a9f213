/**
 * The Beckon web pixel (Shopify's strict sandbox): when a checkout
 * completes, reads the widget's visitor cookie and reports the order, with
 * its checkout token, to Beckon. The report only says which visitor bought:
 * the revenue is Shopify's own, from the orders/create webhook, credited to
 * that visitor's CTA conversion (last touch, 30 days) on the results page.
 * A retry here can never double revenue.
 */
import { register } from "@shopify/web-pixels-extension";
import { orderReport, pixelConfig, visitorCookieName } from "./order";

register(({ analytics, browser, settings }) => {
  const config = pixelConfig(settings);
  if (!config) return;

  analytics.subscribe("checkout_completed", async (event) => {
    let token: string | null = null;
    try {
      token = await browser.cookie.get(visitorCookieName(config.websiteId));
    } catch {
      // Cookies unreadable: no visitor to credit.
    }
    const report = orderReport(event.data?.checkout, token);
    if (!report) return;
    // text/plain keeps the request simple (no CORS preflight), like the widget's own calls.
    const body = JSON.stringify(report);
    try {
      const res = await fetch(config.ordersUrl, {
        method: "POST",
        headers: { "Content-Type": "text/plain;charset=UTF-8" },
        body,
        keepalive: true,
      });
      // A refusal (4xx) is final; a busy or failing server gets one more try.
      if (res.status < 500 && res.status !== 429) return;
    } catch {
      // Network error: try once more below.
    }
    await browser.sendBeacon(config.ordersUrl, body).catch(() => false);
  });
});
