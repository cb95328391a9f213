import { describe, expect, it } from "vitest";
import { ctaDocumentSchema, type CtaDocument, type CtaDocumentInput } from "#contract/schema/cta";
import {
  MAX_PRIZES,
  prizeDrawRequestSchema,
  prizeListSchema,
  withoutPrizeCodes,
  type Prize,
} from "#contract/schema/prize-game";
import { localizeMessage } from "#app/i18n/validation-messages";
import { translator } from "#app/i18n/index";

const prize = (over: Partial<Prize> = {}): Prize => ({
  id: "p1",
  label: "10 % off",
  kind: "discount_code",
  code: "SPIN10",
  weight: 1,
  ...over,
});

const wheelCta = (prizes: unknown): CtaDocumentInput => ({
  name: "Wheel",
  cta_type: "overlay",
  overlay_type: "boxed",
  variants: [
    {
      variation: "A",
      percentage: 100,
      steps: [
        {
          sections: [{ columns: [{ elements: [{ element_type: "prize_wheel", options: { prizes } }] }] }],
        },
      ],
    },
  ],
});

const firstIssue = (prizes: unknown) => {
  const result = ctaDocumentSchema.safeParse(wheelCta(prizes));
  return result.success ? null : result.error.issues[0];
};

describe("prize list", () => {
  it("accepts codes, free shipping and no luck, with and without limits", () => {
    const prizes = [
      prize(),
      prize({ id: "ship", kind: "free_shipping", code: "FREESHIP", label: "Free shipping", limit: 10 }),
      prize({ id: "none", kind: "no_luck", code: null, label: "Try again", weight: 5 }),
    ];
    expect(firstIssue(prizes)).toBeNull();
  });

  it.each([
    ["weight 0", [prize({ weight: 0 })], "weight", "A weight is a whole number from 1 (0 would make"],
    ["a negative weight", [prize({ weight: -3 })], "weight", "A weight is a whole number from 1"],
    ["a huge weight", [prize({ weight: 1e12 })], "weight", "A weight is at most 1000000"],
    ["a fractional weight", [prize({ weight: 1.5 })], "weight", "A weight is a whole number from 1"],
    ["a weight that is text", [prize({ weight: "3" as never })], "weight", "A weight is a whole number from 1"],
    ["NaN as a weight", [prize({ weight: NaN })], "weight", "A weight is a whole number from 1"],
    ["a limit of 0", [prize({ limit: 0 })], "limit", "A limit is a whole number from 1 (leave it empty"],
    ["a long label", [prize({ label: "x".repeat(61) })], "label", "A prize label is at most 60 characters"],
    ["a blank label", [prize({ label: "   " })], "label", "Give the prize a label"],
    ["a code prize without a code", [prize({ code: "" })], "code", "Type the code the winner gets"],
    ["a code with spaces", [prize({ code: "SPIN 10" })], "code", "Type the code the winner gets"],
    ["a code with markup", [prize({ code: "<img src=x>" })], "code", "Type the code the winner gets"],
    ["an unknown kind", [prize({ kind: "unique_code" as never })], "kind", "A prize kind is one of"],
    ["an id with spaces", [prize({ id: "a b" })], "id", "A prize id is 1 to 40"],
    ["an unknown key", [{ ...prize(), choose: true }], null, "Unrecognized key"],
  ])("refuses %s", (_what, prizes, key, message) => {
    const issue = firstIssue(prizes)!;
    expect(issue.message).toContain(message);
    const at = issue.path.indexOf("prizes");
    expect(issue.path.slice(0, at)).toContain("elements");
    if (key) expect(issue.path.slice(at)).toEqual(["prizes", 0, key]);
  });

  it("refuses no prizes, more than twelve, a missing list and repeated ids", () => {
    expect(firstIssue([])!.message).toBe("Add at least one prize");
    const many = Array.from({ length: MAX_PRIZES + 1 }, (_, i) => prize({ id: `p${i}` }));
    expect(firstIssue(many)!.message).toBe("A prize game has at most 12 prizes");
    expect(firstIssue(undefined)!.message).toBe("Add at least one prize");
    expect(firstIssue("SPIN10")!.message).toBe("Prizes are a list");
    expect(firstIssue([prize(), prize()])!.message).toBe('Prize id "p1" appears twice');
    expect(
      prizeListSchema.safeParse(Array.from({ length: MAX_PRIZES }, (_, i) => prize({ id: `p${i}` }))).success,
    ).toBe(true);
  });

  it("speaks Swedish in the admin", () => {
    const sv = translator("sv");
    expect(localizeMessage(sv, "A prize game has at most 12 prizes")).toBe("Ett prisspel har högst 12 priser");
    expect(localizeMessage(sv, 'Prize id "p1" appears twice')).toBe('Pris-id "p1" förekommer två gånger');
    expect(localizeMessage(sv, firstIssue([prize({ weight: 0 })])!.message)).toMatch(/^En vikt är ett heltal/);
  });
});

describe("withoutPrizeCodes", () => {
  it("hides codes and limits from the browser, keeps labels and weights, and leaves the original alone", () => {
    const doc = ctaDocumentSchema.parse(
      wheelCta([prize({ limit: 5 }), prize({ id: "n", kind: "no_luck", code: null })]),
    );
    const shown = withoutPrizeCodes(doc);
    const prizes = shown.variants[0].steps[0].sections[0].columns[0].elements[0].options.prizes as object[];
    expect(prizes).toEqual([
      { id: "p1", label: "10 % off", kind: "discount_code", weight: 1 },
      { id: "n", label: "10 % off", kind: "no_luck", weight: 1 },
    ]);
    expect(JSON.stringify(shown)).not.toContain("SPIN10");
    expect(JSON.stringify(doc)).toContain("SPIN10");
  });

  it("returns a document without prize games as it is", () => {
    const doc = { variants: [{ steps: [] }] } as unknown as CtaDocument;
    expect(withoutPrizeCodes(doc)).toBe(doc);
  });
});

describe("draw request", () => {
  const contact = { id: "c".repeat(20), visitor_token: "v".repeat(20), email: "a@b.se", cta_id: 1, element_id: 2 };
  it("needs an e-mail, the CTA and the element", () => {
    expect(prizeDrawRequestSchema.safeParse({ contact }).success).toBe(true);
    for (const key of ["email", "cta_id", "element_id"] as const) {
      const { [key]: _gone, ...rest } = contact;
      const result = prizeDrawRequestSchema.safeParse({ contact: rest });
      expect(result.success).toBe(false);
    }
    expect(prizeDrawRequestSchema.safeParse({ contact: { ...contact, email: "not-mail" } }).success).toBe(false);
  });
});
