/**
 * The layering rule of eslint.config.js (scripts/lib/app-layers.js), run
 * through ESLint's Node API on source text placed in the project, so a
 * change to the layers or to the rule's patterns that stops catching the
 * cycles DESIGN.md's layout rules out fails here.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const eslint = new ESLint({ cwd: root });

/** The layering messages for `code` as if it were the file at `file` (relative to the project). */
async function layerFindings(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => m.message);
}

describe("import layers", () => {
  it("app/lib may not import from app/components, however the path is written", async () => {
    for (const [file, from] of [
      ["app/lib/example.ts", "../components/CsrfInput"],
      ["app/lib/example.ts", "~/components/CsrfInput"],
      ["app/lib/schema/example.ts", "../../components/CsrfInput"],
    ]) {
      const found = await layerFindings(
        file,
        `import { CsrfInput } from "${from}";\nexport const input = CsrfInput;\n`,
      );
      expect(found, `${file} importing ${from}`).toHaveLength(1);
      expect(found[0]).toContain("app/lib may not import from app/components");
    }
  });

  it("a layer may import from the layers below it", async () => {
    expect(
      await layerFindings(
        "app/components/Example.tsx",
        `import { CSRF_FIELD } from "~/lib/csrf-field";\nexport const name = CSRF_FIELD;\n`,
      ),
    ).toEqual([]);
    expect(
      await layerFindings(
        "app/models/example.server.ts",
        `import { enqueueSyncJob } from "../integrations/outbox.server";\nexport const run = enqueueSyncJob;\n`,
      ),
    ).toEqual([]);
    expect(
      await layerFindings(
        "app/pages/example.tsx",
        `import { AdminNav } from "~/components/AdminNav";\nexport const nav = AdminNav;\n`,
      ),
    ).toEqual([]);
  });

  it("rules out the cycles the folders once had, in the direction that went up", async () => {
    const cases: [file: string, from: string, message: string][] = [
      [
        "app/integrations/example.server.ts",
        "../models/person.server",
        "app/integrations may not import from app/models",
      ],
      ["app/lib/example.ts", "../models/owner.server", "app/lib may not import from app/models"],
      ["app/components/Example.tsx", "~/pages/cta-edit", "app/components may not import from app/pages"],
      ["app/models/example.server.ts", "../components/format", "app/models may not import from app/components"],
      ["app/lib/example.ts", "../integrations/outbox.server", "app/lib may not import from app/integrations"],
    ];
    for (const [file, from, message] of cases) {
      const found = await layerFindings(file, `import * as other from "${from}";\nexport const used = other;\n`);
      expect(found, `${file} importing ${from}`).toEqual([expect.stringContaining(message)]);
    }
  });

  it("allows a type-only import across layers (erased at build), not a value import", async () => {
    const file = "app/components/Example.tsx";
    expect(
      await layerFindings(
        file,
        `import type { ContactRow } from "~/models/contact-list.server";\nexport type Row = ContactRow;\n`,
      ),
    ).toEqual([]);
    expect(
      await layerFindings(
        file,
        `import { listContacts } from "~/models/contact-list.server";\nexport const list = listContacts;\n`,
      ),
    ).toHaveLength(1);
  });

  it("lets the widget import only app/lib from the app", async () => {
    expect(
      await layerFindings(
        "widget/render/example.ts",
        `import { PROFILE_FIELDS } from "../../contract/schema/person-fields";\nexport const f = PROFILE_FIELDS;\n`,
      ),
    ).toEqual([]);
    const found = await layerFindings(
      "widget/render/example.ts",
      `import { findPerson } from "../../app/models/person.server";\nexport const f = findPerson;\n`,
    );
    expect(found).toEqual([expect.stringContaining("The widget may import from app/ only app/lib")]);
  });
});
