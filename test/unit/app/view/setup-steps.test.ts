/** The setup guide's steps, each done from the shop's state and nothing else. */
import { describe, expect, it } from "vitest";
import { SETUP_STEPS, stepsDone } from "#app/view/setup-steps";

const none = { embed: "off" as const, ctas: 0, published: 0, visitors: 0, leads: 0 };

describe("the setup guide's steps", () => {
  it("are in the order a merchant takes them", () => {
    expect(SETUP_STEPS).toEqual(["embed", "cta", "publish", "visit", "lead"]);
  });

  it("are done one by one as the shop's state grows", () => {
    expect(stepsDone(none)).toEqual({ embed: false, cta: false, publish: false, visit: false, lead: false });
    expect(stepsDone({ ...none, embed: "on" }).embed).toBe(true);
    expect(stepsDone({ ...none, ctas: 1 })).toMatchObject({ cta: true, publish: false });
    expect(stepsDone({ ...none, ctas: 1, published: 1 })).toMatchObject({ cta: true, publish: true });
    expect(stepsDone({ ...none, visitors: 3 })).toMatchObject({ visit: true, lead: false });
    expect(stepsDone({ ...none, leads: 1 }).lead).toBe(true);
  });

  it("never counts an embed Shopify could not confirm as on", () => {
    expect(stepsDone({ ...none, embed: "unknown" }).embed).toBe(false);
  });
});
