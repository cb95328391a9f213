// @vitest-environment happy-dom
/**
 * A quiz's outcomes in the editor, without JSON: "Add outcome" adds the
 * outcome and its result step in one edit of the variant (products on a
 * store, a link elsewhere), the table names each cell by outcome, question
 * and answer, and the rules mode adds rules from selects; every document
 * that results passes the shared schema.
 */
import { act } from "react";
import { describe, expect, it } from "vitest";
import { withPolarisRoot } from "./polaris-root";
import { QuizOutcomesEditor } from "#app/components/editor/QuizOutcomesEditor";
import { VariantEditProvider } from "#app/components/editor/variant-edit-context";
import { StoreProductsProvider } from "#app/components/editor/store-products-context";
import { newCtaDocument, newElement, getIn, setIn } from "#app/components/editor/document";
import { ctaDocumentSchema, type CtaDocument, type CtaElement } from "#contract/schema/cta";

const polarisRoot = withPolarisRoot();
const AT = ["steps", 0, "sections", 0, "columns", 0, "elements", 1];

async function open(store: boolean) {
  const { div, render, press } = polarisRoot();
  const blank = newCtaDocument({ name: "Quiz", cta_type: "overlay", subtype: "boxed", template: "blank" });
  const quiz = newElement("quiz", 1);
  quiz.fields[0].field_options.push({ value: "b", label: "Answer B" });
  const state = { doc: setIn(blank, ["variants", 0, ...AT], quiz) as CtaDocument };
  const element = () => getIn(state.doc.variants[0], AT) as CtaElement;
  const source = store ? { surface: "owner" as const, searchUrl: "/search", csrfToken: null, currency: "USD" } : null;
  const draw = () =>
    render(
      <StoreProductsProvider value={source}>
        <VariantEditProvider
          value={(edit) => {
            state.doc = { ...state.doc, variants: [edit(state.doc.variants[0])] };
            draw();
          }}
        >
          <QuizOutcomesEditor
            element={element()}
            onChange={(next) => {
              state.doc = setIn(state.doc, ["variants", 0, ...AT], next);
              draw();
            }}
            path={["variants", 0, ...AT]}
            steps={state.doc.variants[0].steps.map((s) => ({ position: s.position, name: String(s.options.name) }))}
            errorFor={() => undefined}
          />
        </VariantEditProvider>
      </StoreProductsProvider>,
    );
  await act(async () => draw());
  const select = async (label: string, value: string) => {
    const id = [...div.querySelectorAll("label")].find((l) => l.textContent === label)!.getAttribute("for")!;
    const el = div.querySelector<HTMLSelectElement>(`#${CSS.escape(id)}`)!;
    await act(async () => {
      el.value = value;
      el.dispatchEvent(new Event("change", { bubbles: true }));
    });
  };
  return { div, state, press, element, select };
}

describe("quiz outcomes in the editor", () => {
  it("adds outcomes with their result steps, shows the answers-against-outcomes table, and stays valid", async () => {
    const c = await open(true);
    await c.press("Add outcome");
    await c.press("Add outcome");
    const steps = c.state.doc.variants[0].steps;
    expect(steps.map((s) => s.options.name)).toEqual(["Step 1", "Result: Outcome 1", "Result: Outcome 2"]);
    expect(steps[1].sections[0].columns[0].elements.map((e) => e.element_type)).toEqual(["text", "text", "products"]);
    expect(c.element().options.outcomes).toEqual([
      { id: "o1", title: "Outcome 1", step: 1 },
      { id: "o2", title: "Outcome 2", step: 2 },
    ]);
    const cells = [...c.div.querySelectorAll("[data-outcome-table] label")].map((l) => l.textContent);
    expect(cells).toContain("Points for Outcome 2 from Your first question: Choice 2 “Answer B”");
    expect(cells).toContain("Tags from Your first question: Choice 1 “Answer A”");
    expect(ctaDocumentSchema.safeParse(c.state.doc).success).toBe(true);
    await c.press("Remove outcome Outcome 1");
    expect((c.element().options.outcomes as unknown[]).length).toBe(1);
    expect(ctaDocumentSchema.safeParse(c.state.doc).success).toBe(true);
  });

  it("on a website without a store the result step links on instead of showing products", async () => {
    const c = await open(false);
    await c.press("Add outcome");
    const elements = c.state.doc.variants[0].steps[1].sections[0].columns[0].elements;
    expect(elements[2]).toMatchObject({ element_type: "button", options: { "button-text": "Read more" } });
    expect(ctaDocumentSchema.safeParse(c.state.doc).success).toBe(true);
  });

  it("rules: chosen from selects, saved valid, removed", async () => {
    const c = await open(true);
    await c.press("Add outcome");
    await c.press("Add outcome");
    await c.select("How the outcome is chosen", "rules");
    expect(c.element().options["outcome-mode"]).toBe("rules");
    await c.press("Add rule");
    await c.select("Rule 1: answer", "b");
    await c.select("Rule 1: outcome", "o2");
    expect(c.element().options["outcome-rules"]).toEqual([{ field: "question_1", value: "b", outcome: "o2" }]);
    expect(ctaDocumentSchema.safeParse(c.state.doc).success).toBe(true);
    await c.press("Remove rule 1");
    expect(c.element().options["outcome-rules"]).toBeUndefined();
    await c.select("How the outcome is chosen", "highest");
    expect(c.element().options["outcome-mode"]).toBeUndefined();
  });
});
