/**
 * Success messages that promise what nothing set up delivers: the phrases
 * in English and Swedish (and what is no promise), the set-ups that keep
 * each promise, and the editor's banner that says what is needed.
 */
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { ctaDocumentSchema, type CtaDocument } from "#contract/schema/cta";
import { promisesIn, unkeptPromises, type PromiseSetup } from "#app/view/delivery-promises";
import { PromiseBanner } from "#app/components/editor/PromiseBanner";
import type { LeadDestinationChoice } from "#app/components/editor/LeadDestinationsCard";

describe("promisesIn", () => {
  it.each([
    "The e-book is on its way. Not there in five minutes? Check your spam folder.",
    "Thanks! We'll send the link to your inbox.",
    "We will send you the checklist.",
    "We’ve just sent you an e-mail: check your inbox.",
    "Please confirm your subscription with the link in the e-mail.",
    "<p>Your guide is <strong>on the way</strong>!</p>",
    "Tack! E-boken är på väg till din inkorg.",
    "Vi skickar länken till webbinariet och en påminnelse samma morgon.",
    "Bekräfta din prenumeration via länken vi just skickade till din e-post.",
    "Titta i inkorgen om en stund.",
    "VI HAR SKICKAT ETT MEJL TILL DIG",
  ])("a delivery: %s", (text) => expect(promisesIn(text)).toContain("delivery"));

  it.each([
    "Here is your code: use it at checkout.",
    "Your discount code is waiting below.",
    "Use the promo code at checkout",
    "Här är din rabattkod!",
    "Din kod gäller i 48 timmar.",
    "Rabattkoden dras av i kassan.",
  ])("a code: %s", (text) => expect(promisesIn(text)).toContain("code"));

  it.each([
    "Based on your answers we recommend these products.",
    "Products picked for you",
    "Här är våra rekommendationer för dig.",
    "Utvalda för dig: tre favoriter.",
  ])("recommendations: %s", (text) => expect(promisesIn(text)).toContain("recommendations"));

  it.each([
    "Thanks! You are subscribed.",
    "Thank you for your answer.",
    "Klart! Du är nu avregistrerad från alla våra utskick.",
    "Tack för din anmälan!",
    "We wayfind the encoder", // no phrase inside other words
    "Barcode scanners welcome",
    "",
  ])("no promise: %s", (text) => expect(promisesIn(text)).toEqual([]));
});

const builtin = (requireConfirmation = false): LeadDestinationChoice => ({
  integrationId: 1,
  type: "builtin",
  label: "Beckon lists",
  name: "Lists",
  external: false,
  optIn: "immediate",
  lists: [{ listId: "2", name: "E-book", requireConfirmation }],
});
const klaviyo: LeadDestinationChoice = { ...builtin(), integrationId: 2, type: "klaviyo", external: true };

function doc(thanks: string, form: { options?: Record<string, unknown>; integration?: number } = {}): CtaDocument {
  return ctaDocumentSchema.parse({
    name: "E-book",
    cta_type: "inline",
    inline_type: "embed",
    variants: [
      {
        variation: "A",
        percentage: 100,
        steps: [
          {
            sections: [
              {
                columns: [
                  {
                    elements: [
                      {
                        element_type: "form",
                        options: form.options ?? {},
                        actions: form.integration
                          ? [
                              {
                                action_type: "subscribe_list",
                                integration_id: form.integration,
                                data: { list_id: "2" },
                              },
                            ]
                          : [],
                      },
                    ],
                  },
                ],
              },
            ],
            action_groups: [{ data: { "confirmation-type": "message", confirmation: thanks } }],
          },
        ],
      },
    ],
  });
}

describe("unkeptPromises", () => {
  const ebook = "Tack! E-boken är på väg till din inkorg.";
  const magnet = { "lead-magnet": { kind: "link", url: "https://example.se/bok.pdf" } };
  const on = (destinations: LeadDestinationChoice[], smtp = true): PromiseSetup => ({ smtp, destinations });

  it("warns of an e-book on its way with only a list that sends nothing", () => {
    expect(unkeptPromises(doc(ebook, { integration: 1 }), on([builtin()]))).toEqual([
      { kind: "delivery", text: ebook },
    ]);
  });
  it("is kept by a lead magnet with sending on, not with sending off", () => {
    expect(unkeptPromises(doc(ebook, { integration: 1, options: magnet }), on([builtin()]))).toEqual([]);
    expect(unkeptPromises(doc(ebook, { options: magnet }), on([builtin()], false))).toHaveLength(1);
  });
  it("is kept by a built-in list with double opt-in and sending on", () => {
    const confirm = "Bekräfta din prenumeration via länken.";
    expect(unkeptPromises(doc(confirm, { integration: 1 }), on([builtin(true)]))).toEqual([]);
    expect(unkeptPromises(doc(confirm, { integration: 1 }), on([builtin(true)], false))).toHaveLength(1);
  });
  it("leaves an outside tool's list to that tool", () => {
    expect(unkeptPromises(doc(ebook, { integration: 2 }), on([builtin(), klaviyo], false))).toEqual([]);
  });
  it("warns of a code and of recommendations nothing provides, and not once they are set", () => {
    expect(unkeptPromises(doc("Här är din rabattkod!"), on([]))).toEqual([
      { kind: "code", text: "Här är din rabattkod!" },
    ]);
    expect(unkeptPromises(doc("We recommend these"), on([])).map((p) => p.kind)).toEqual(["recommendations"]);
    expect(unkeptPromises(doc("Thanks, you are in."), on([]))).toEqual([]);
  });
});

describe("the editor's banner", () => {
  const html = (d: CtaDocument, setup: PromiseSetup) =>
    renderToStaticMarkup(
      <AppProvider i18n={en}>
        <PromiseBanner doc={d} setup={setup} />
      </AppProvider>,
    );
  it("names the message and what it needs, and draws nothing when all is kept", () => {
    const markup = html(doc("The e-book is on its way."), { smtp: false, destinations: [] });
    expect(markup).toContain("A success message promises something nothing will deliver");
    expect(markup).toContain("The e-book is on its way.");
    expect(markup).toContain("Needs: a lead magnet on the form");
    expect(html(doc("Thanks!"), { smtp: false, destinations: [] })).toBe(
      renderToStaticMarkup(<AppProvider i18n={en}>{null}</AppProvider>),
    );
  });
});
