/**
 * The demo Shopify store (website 2 on a fresh database): a small coffee shop
 * whose catalogue is demo-store-products.ts, with a product-feed overlay, a
 * free-shipping cart bar, an inline newsletter form and an inline product
 * feed on the store's front page (/demo/store).
 */
import type { z } from "zod";
import type { CtaDocumentInput } from "#contract/schema/cta";
import type { websiteSettingsSchema } from "#contract/schema/website";
import type { BroadcastInput } from "#app/models/broadcast.server";
import { emailForm, heading, listAction, paragraph, singleStepCta, thankYou, type ElementInput } from "./builders";
import { DEMO_STORE_PRODUCTS } from "./demo-store-products";

import { DEMO_SHOP_DOMAIN } from "./demo-owners";

export { DEMO_SHOP_DOMAIN, DEMO_STORE_OWNER } from "./demo-owners";

/** Free shipping from $75; the cart bar and the data setting agree. */
const FREE_SHIPPING_DOLLARS = 75;

export const demoStoreSettings: z.input<typeof websiteSettingsSchema> = {
  name: "Beckon Demo Store",
  domain: `https://${DEMO_SHOP_DOMAIN}`,
  currency: "USD",
  currency_character: "$",
  default_country: "US",
  business_type: "ecommerce",
  privacy_message: "We use your details to send what you asked for. See our privacy policy.",
  privacy_link: `https://${DEMO_SHOP_DOMAIN}/policies/privacy-policy`,
  privacy_link_text: "Privacy policy",
  terms_link: `https://${DEMO_SHOP_DOMAIN}/policies/terms-of-service`,
  terms_link_text: "Terms of service",
  marketing_consent: "Yes, email me brewing guides and offers from Beckon Demo Store. Unsubscribe anytime.",
  sms_consent: "Yes, text me order updates and offers. Reply STOP to opt out.",
  brand: "Beckon Roasters",
  brand_colors: { primary: "#6b3e26", secondary: "#e9c46a", text: "#222222", background: "#fffaf3" },
  powered_by: true,
  url_identification: true,
  form_tracking: false,
  data_settings: { "contact-processing": true, "cart-value-threshold": FREE_SHIPPING_DOLLARS, currency: "USD" },
};

export const DEMO_STORE_LISTS = [{ listId: "1", name: "Newsletter" }] as const;

export type DemoStoreBroadcast = "collections";

/** Bestsellers are offered to shoppers browsing a collection. */
export const demoStoreBroadcasts: Record<DemoStoreBroadcast, BroadcastInput> = {
  collections: {
    name: "Collection pages – bestsellers",
    conditions: [{ condition_type: "url", url: "/collections/", data: { match: "contains" } }],
  },
};

function productFeed(handles: string[]): ElementInput {
  return {
    element_type: "products",
    options: {
      "products-limit": 3,
      "products-layout": "grid",
      "products-button-text": "Add to Cart",
      "products-button-action-after-add-to-cart": "cart",
      "show-unavailable-products": false,
    },
    product_recommendations: [{ source: "manual", handles }],
  };
}

function cartProgress(): ElementInput {
  return {
    element_type: "progress",
    options: {
      "progress-type": "cart",
      "cart-value-threshold": FREE_SHIPPING_DOLLARS,
      "progress-text": "You're {{remaining}} away from free shipping",
      "progress-complete-text": "You've unlocked free shipping!",
    },
  };
}

export interface DemoStoreContext {
  integrationId: number;
  broadcasts: Record<DemoStoreBroadcast, number>;
}

/** The store's CTAs in creation order. */
export function demoStoreCtas(ctx: DemoStoreContext): CtaDocumentInput[] {
  const bestsellers = DEMO_STORE_PRODUCTS.filter((p) => p.tags.includes("bestseller")).map((p) => p.handle);
  return [
    singleStepCta({
      name: "Bestsellers – product feed",
      cta_type: "overlay",
      overlay_type: "boxed",
      broadcast_id: ctx.broadcasts.collections,
      options: { trigger: "delayed", delay: 5, "hide-days": 1 },
      elements: [
        heading("Our bestsellers"),
        paragraph("Freshly roasted this week. Free shipping over $75."),
        productFeed(bestsellers),
      ],
    }),
    singleStepCta({
      name: "Free shipping bar",
      cta_type: "bar",
      bar_position: "top",
      options: { trigger: "delayed", delay: 0 },
      elements: [cartProgress()],
    }),
    singleStepCta({
      name: "Newsletter – footer",
      cta_type: "inline",
      inline_type: "embed",
      options: { area: "footer" },
      elements: [
        heading("Brew better coffee"),
        paragraph("One recipe a week and 10% off your first order."),
        emailForm({
          emailPlaceholder: "Your email",
          button: "Subscribe",
          layout: "horizontal",
          consent: demoStoreSettings.marketing_consent ?? undefined,
          actions: [listAction("subscribe_list", ctx.integrationId, "1")],
        }),
      ],
      after: [thankYou("Thanks for subscribing! Your 10% code is on its way.")],
    }),
    // Last, so the ids of the CTAs above stay as they were in databases seeded before it.
    singleStepCta({
      name: "Bestsellers – front page",
      cta_type: "inline",
      inline_type: "embed",
      options: { area: "products" },
      elements: [heading("This week's bestsellers"), productFeed(bestsellers)],
    }),
  ];
}
