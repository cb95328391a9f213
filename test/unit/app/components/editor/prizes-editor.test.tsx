// @vitest-environment happy-dom
/**
 * A prize game's prizes in the editor: a table of label, kind, code, weight
 * (with its chance) and limit, no JSON; add gives a fresh id, remove drops
 * the row, and the document that results passes the shared schema.
 */
import { act } from "react";
import { describe, expect, it } from "vitest";
import { withPolarisRoot } from "./polaris-root";
import { PrizesEditor, newPrizeId } from "#app/components/editor/PrizesEditor";
import { newElement } from "#app/components/editor/document";
import { prizeListSchema, type Prize } from "#contract/schema/prize-game";
import type { CtaElement } from "#contract/schema/cta";

const polarisRoot = withPolarisRoot();

async function open() {
  const { div, render, press } = polarisRoot();
  const state = { element: newElement("prize_wheel", 0) as CtaElement };
  const draw = () =>
    render(
      <PrizesEditor
        element={state.element}
        onChange={(next) => ((state.element = next), draw())}
        errorFor={() => undefined}
      />,
    );
  await act(async () => draw());
  const prizes = () => state.element.options.prizes as Prize[];
  return { div, state, press, prizes };
}

describe("prizes in the editor", () => {
  it("shows the prizes as a table with their chances, adds and removes rows, and stays valid", async () => {
    const c = await open();
    expect(c.div.querySelectorAll("tbody tr")).toHaveLength(3);
    expect(c.div.querySelector("thead")!.textContent).toContain("Weight");
    // Weights 2, 1, 3: one in three for the first.
    expect(c.div.querySelector("tbody tr")!.textContent).toContain("33.3 %");
    await c.press("Add prize");
    expect(c.prizes().map((p) => p.id)).toEqual(["p1", "p2", "p3", "p4"]);
    expect(prizeListSchema.safeParse(c.prizes()).success).toBe(true);
    await c.press("Remove prize Free shipping");
    expect(c.prizes().map((p) => p.id)).toEqual(["p1", "p3", "p4"]);
    expect(c.div.textContent).not.toContain("{");
  });

  it("never reuses a prize id", () => {
    expect(newPrizeId([{ id: "p1" }, { id: "p3" }])).toBe("p4");
    expect(newPrizeId([{ id: "p2" }])).toBe("p3");
    expect(newPrizeId([])).toBe("p1");
  });
});
