/** Countdowns, product upsells and cart-value bars: urgency and bigger orders. */
import type { ElementInput, Say } from "./kit";
import {
  DARK,
  WARM,
  dailyCountdown,
  heading,
  linkButton,
  paragraph,
  relativeCountdown,
  templateCta,
  type CtaTemplateDef,
} from "./kit";

function upsellProducts(say: Say, layout: "grid" | "list"): ElementInput {
  return {
    element_type: "products",
    options: {
      "products-limit": 3,
      "products-layout": layout,
      "products-button-text": say("Add to cart", "Lägg i varukorgen"),
      "products-button-action-after-add-to-cart": "cart",
      "products-empty-message": say(
        "Add something to your cart to see what goes well with it.",
        "Lägg något i varukorgen så visar vi vad som passar till.",
      ),
    },
    // Products that go with what is already in the cart.
    product_recommendations: [{ source: "cart", intent: "complementary" }],
  };
}

function cartProgress(say: Say, done: string, text: string): ElementInput {
  return {
    element_type: "progress",
    options: { "progress-type": "cart", "progress-text": text, "progress-complete-text": done },
  };
}

export const commerceTemplates: CtaTemplateDef[] = [
  {
    id: "countdown-bar",
    kind: "countdown",
    goal: "sell",
    summary: (say) =>
      say(
        "A top bar with a 24-hour countdown for a limited offer.",
        "En toppbar med 24 timmars nedräkning för ett tidsbegränsat erbjudande.",
      ),
    build: (say) =>
      templateCta({
        name: say("Countdown bar: 24-hour offer", "Nedräkningsbar: dygnserbjudande"),
        cta_type: "bar",
        bar_position: "top",
        options: { trigger: "delayed", delay: 0, "hide-days": 1, ...DARK },
        steps: [
          {
            name: say("Offer", "Erbjudande"),
            elements: [
              paragraph(say("20% off everything, today only.", "20 % på allt, bara i dag.")),
              relativeCountdown(24, say("Ends in", "Slutar om")),
              linkButton(say("Shop now", "Handla nu"), "/"),
            ],
          },
        ],
      }),
  },
  {
    id: "countdown-launch",
    kind: "countdown",
    goal: "announce",
    summary: (say) =>
      say(
        "A popup that counts down to a launch and collects early-access sign-ups.",
        "En popup som räknar ned till en lansering och samlar in förhandsanmälningar.",
      ),
    build: (say) =>
      templateCta({
        name: say("Countdown popup: launch", "Nedräkningspopup: lansering"),
        cta_type: "overlay",
        overlay_type: "boxed",
        options: { trigger: "delayed", delay: 4, "hide-days": 3 },
        steps: [
          {
            name: say("Launch", "Lansering"),
            elements: [
              heading(say("Something new is coming", "Något nytt är på väg")),
              relativeCountdown(48, say("Doors open in", "Dörrarna öppnar om")),
              paragraph(
                say(
                  "Be first in line: subscribers get early access and a launch-day price.",
                  "Var först i kön: prenumeranter får tidig tillgång och ett lanseringspris.",
                ),
              ),
              linkButton(say("Get early access", "Få tidig tillgång"), "/"),
            ],
          },
        ],
      }),
  },
  {
    id: "countdown-daily",
    kind: "countdown",
    goal: "sell",
    summary: (say) =>
      say(
        "An order-by countdown that resets every day at 2 pm.",
        "En beställ-senast-nedräkning som börjar om varje dag kl. 14.",
      ),
    build: (say) =>
      templateCta({
        name: say("Countdown: order today", "Nedräkning: beställ i dag"),
        cta_type: "inline",
        inline_type: "embed",
        options: { area: "main", ...WARM },
        steps: [
          {
            name: say("Offer", "Erbjudande"),
            elements: [
              heading(
                say("Order within the countdown and we ship today", "Beställ inom nedräkningen så skickar vi i dag"),
                3,
              ),
              dailyCountdown("14:00", say("Same-day dispatch ends in", "Leverans samma dag stänger om")),
            ],
          },
        ],
      }),
  },
  {
    id: "upsell-popup",
    kind: "upsell",
    goal: "sell",
    summary: (say) =>
      say(
        "After add to cart: suggests products that complete the order.",
        "Efter köp-klick: föreslår produkter som kompletterar ordern.",
      ),
    build: (say) =>
      templateCta({
        name: say("Upsell: goes well with", "Merförsäljning: passar bra med"),
        cta_type: "overlay",
        overlay_type: "boxed",
        options: { trigger: "add-to-cart", "hide-days": 1 },
        steps: [
          {
            name: say("Products", "Produkter"),
            elements: [
              heading(say("Great choice! These go well with it", "Bra val! De här passar bra till")),
              upsellProducts(say, "grid"),
            ],
          },
        ],
      }),
  },
  {
    id: "upsell-inline",
    kind: "upsell",
    goal: "sell",
    summary: (say) =>
      say(
        'A "complete the look" list on the cart or product page.',
        "En ”komplettera köpet”-lista på varukorgs- eller produktsidan.",
      ),
    build: (say) =>
      templateCta({
        name: say("Upsell: complete your order", "Merförsäljning: komplettera ordern"),
        cta_type: "inline",
        inline_type: "embed",
        options: { area: "products" },
        steps: [
          {
            name: say("Products", "Produkter"),
            elements: [heading(say("Complete your order", "Komplettera din order"), 3), upsellProducts(say, "list")],
          },
        ],
      }),
  },
  {
    id: "cartbar-shipping",
    kind: "cartbar",
    goal: "sell",
    summary: (say) =>
      say("Shows how far the cart is from free shipping.", "Visar hur långt varukorgen har kvar till fri frakt."),
    build: (say) =>
      templateCta({
        name: say("Cart bar: free shipping", "Varukorgsbar: fri frakt"),
        cta_type: "bar",
        bar_position: "top",
        options: { trigger: "delayed", delay: 0 },
        steps: [
          {
            name: say("Progress", "Framsteg"),
            elements: [
              cartProgress(
                say,
                say("You have unlocked free shipping!", "Du har fri frakt!"),
                say("You are {{remaining}} away from free shipping", "{{remaining}} kvar till fri frakt"),
              ),
            ],
          },
        ],
      }),
  },
  {
    id: "cartbar-gift",
    kind: "cartbar",
    goal: "sell",
    summary: (say) =>
      say(
        "A bottom bar that rewards bigger orders with a free gift.",
        "En bottenbar som belönar större ordrar med en gratis present.",
      ),
    build: (say) =>
      templateCta({
        name: say("Cart bar: free gift", "Varukorgsbar: gratis present"),
        cta_type: "bar",
        bar_position: "bottom",
        options: { trigger: "delayed", delay: 0, ...WARM },
        steps: [
          {
            name: say("Progress", "Framsteg"),
            elements: [
              cartProgress(
                say,
                say("A free gift is on its way with your order!", "En gratis present följer med din order!"),
                say(
                  "Spend {{remaining}} more and get a free gift",
                  "Handla för {{remaining}} till och få en gratis present",
                ),
              ),
            ],
          },
        ],
      }),
  },
];
