/**
 * Which of two popups opens first, as the editor's same-place warning says
 * it: the widget arms triggers by priority (higher first) and, at equal
 * priority, in the config's order (oldest first); a CTA not saved yet is the
 * newest. The builder offers the priority for popups only.
 */
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { modalOrder } from "#app/components/editor/ConflictWarning";
import { BasicsCard } from "#app/components/editor/BasicsCard";
import { newCtaDocument } from "#app/components/editor/document";
import { translator } from "#app/i18n";

describe("which popup opens first", () => {
  it("names the higher priority first, then the older CTA, and says why", () => {
    expect(modalOrder({ id: 20, options: { priority: 5 } }, { id: 17, options: {} })).toEqual({
      key: "conflicts.waits",
      mine: 5,
      theirs: 0,
    });
    expect(modalOrder({ id: 20, options: {} }, { id: 30, options: { priority: 2 } })).toMatchObject({
      key: "conflicts.opensFirst",
    });
    expect(modalOrder({ id: 20, options: {} }, { id: 17, options: {} })).toMatchObject({ key: "conflicts.olderFirst" });
    expect(modalOrder({ id: 20, options: {} }, { id: 30, options: {} })).toMatchObject({ key: "conflicts.newerWaits" });
    expect(modalOrder({ options: {} }, { id: 99_999, options: {} })).toMatchObject({ key: "conflicts.olderFirst" });
  });

  it("reads a hostile priority as the widget does: not a number is 0", () => {
    for (const priority of ["<b>", null, Number.NaN, {}, [], "1e999x"])
      expect(modalOrder({ id: 2, options: { priority } }, { id: 1, options: {} })).toMatchObject({
        key: "conflicts.olderFirst",
        mine: 0,
      });
    expect(modalOrder({ id: 2, options: { priority: -3 } }, { id: 1, options: {} }).key).toBe("conflicts.opensFirst");
    // A number written as text counts as that number, in the widget too (cta-options priorityOf).
    expect(modalOrder({ id: 2, options: { priority: "9" } }, { id: 1, options: {} }).mine).toBe(9);
  });

  it("says it in Swedish too", () => {
    const sv = translator("sv");
    expect(sv("conflicts.waits", { mine: 5, theirs: 0 })).toBe("väntar på den här: dess prioritet 0 är lägre än 5");
    expect(sv("conflicts.olderFirst", { mine: 0, theirs: 0 })).toBe(
      "öppnas före den här: samma prioritet (0), och den är den äldre CTA:n",
    );
  });
});

describe("the priority field", () => {
  const card = (ctaType: "overlay" | "two-tap" | "bar" | "hook") =>
    renderToStaticMarkup(
      <AppProvider i18n={en}>
        <BasicsCard doc={newCtaDocument({ name: "CTA", cta_type: ctaType })} onChange={() => {}} broadcasts={[]} />
      </AppProvider>,
    );

  it("is offered for popups, not for bars and slide-ins, which do not take turns", () => {
    expect(card("overlay")).toContain("Priority among popups");
    expect(card("two-tap")).toContain("Priority among popups");
    expect(card("bar")).not.toContain("Priority among popups");
    expect(card("hook")).not.toContain("Priority among popups");
  });
});
