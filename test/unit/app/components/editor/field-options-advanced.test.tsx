// @vitest-environment happy-dom
/**
 * A field's raw options are behind the Advanced toggle like every other
 * option bag of the editor: closed by default, and open by themselves with
 * the server's message when it refused a key of that field by name.
 */
import { act } from "react";
import { describe, expect, it } from "vitest";
import { withPolarisRoot } from "./polaris-root";
import { FieldsEditor } from "#app/components/editor/FieldsEditor";
import { EditorErrorsProvider } from "#app/components/editor/errors";
import type { Field } from "#contract/schema/cta";

const polarisRoot = withPolarisRoot();

const PATH = ["variants", 0, "steps", 0, "sections", 0, "columns", 0, "elements", 0, "fields"];
const email = {
  slug: "email",
  field_type: "text",
  position: 0,
  required: true,
  multi_select: false,
  url_params: false,
  options: { type: "email", placeholdr: "Din e-post" },
  field_options: [],
} as unknown as Field;

async function open(errors: Record<string, string>) {
  const { div, render } = polarisRoot();
  await act(async () =>
    render(
      <EditorErrorsProvider value={errors}>
        <FieldsEditor fields={[email]} onChange={() => {}} path={PATH} isQuiz={false} />
      </EditorErrorsProvider>,
    ),
  );
  const jsonBox = () => [...div.querySelectorAll("label")].find((l) => l.textContent === "All options of email (JSON)");
  return { div, jsonBox };
}

describe("a field's options in the editor", () => {
  it("opens on the server's refusal of a misspelled key, naming it", async () => {
    const message = 'Unknown option "placeholdr" (did you mean "placeholder"?)';
    const c = await open({ [[...PATH, 0, "options", "placeholdr"].join(".")]: message });
    expect(c.jsonBox()).toBeTruthy();
    expect(c.div.textContent).toContain(message);
  });

  it("keeps the JSON behind the Advanced toggle otherwise", async () => {
    const c = await open({ [[...PATH, 0, "slug"].join(".")]: "Use letters, digits, _ - or . (at most 100)" });
    expect(c.jsonBox()).toBeUndefined();
    const toggle = [...c.div.querySelectorAll("button")].find(
      (b) => b.getAttribute("aria-label") === "Advanced options of email as JSON",
    );
    expect(toggle).toBeTruthy();
    await act(async () => toggle!.click());
    expect(c.jsonBox()).toBeTruthy();
  });
});
