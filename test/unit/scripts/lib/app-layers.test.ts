/**
 * The layering rule of eslint.config.js (scripts/lib/app-layers.js), run
 * through ESLint's Node API on source text placed in the project, so a
 * change to the layers or to the rule's patterns that stops catching the
 * cycles DESIGN.md's layout rules out fails here.
 */
import { describe, expect, it } from "vitest";
import { ruleFindings } from "./lint-harness";

/** The layering messages for `code` as if it were the file at `file` (relative to the project). */
const layerFindings = (file: string, code: string) =>
  ruleFindings("@typescript-eslint/no-restricted-imports", file, code);

describe("import layers", () => {
  it("lets only app/routes import the demo host site's code; below it, its types", async () => {
    const code = `import { renderPage } from "#demo/sv/server/pages";\nexport const page = renderPage;\n`;
    expect(await layerFindings("app/routes/demo.sv._index.tsx", code)).toEqual([]);
    expect(await layerFindings("app/models/example.server.ts", code)).toEqual([
      expect.stringContaining("Only app/routes may import demo/"),
    ]);
    expect(
      await layerFindings(
        "app/models/example.server.ts",
        `import type { DemoSite } from "#demo/host";\nexport type Site = DemoSite;\n`,
      ),
    ).toEqual([]);
  });

  it("app/server may not import from app/components, however deep the file sits", async () => {
    for (const [file, from] of [
      ["app/server/example.ts", "#app/components/CsrfInput"],
      ["app/server/rate-limit/example.ts", "#app/components/CsrfInput"],
      ["app/view/example.ts", "#app/components/editor/AdminForm"],
    ]) {
      const found = await layerFindings(
        file,
        `import { CsrfInput } from "${from}";\nexport const input = CsrfInput;\n`,
      );
      expect(found, `${file} importing ${from}`).toHaveLength(1);
      expect(found[0]).toContain(`${file.split("/").slice(0, 2).join("/")} may not import from app/components`);
    }
  });

  it("says in its message which layers below could hold what both need", async () => {
    const [found] = await layerFindings(
      "app/view/example.ts",
      `import { listContacts } from "#app/models/contact-list.server";\nexport const list = listContacts;\n`,
    );
    expect(found).toContain("app/view may not import from app/models");
    expect(found).toContain("app/server (the HTTP edge and process infrastructure");
    expect(found).toContain("app/db (database plumbing");
    expect(found).not.toContain("app/integrations (");
  });

  it("has one spelling per import: a named root, or ./ for the file's own folder", async () => {
    for (const [file, from] of [
      ["app/models/example.server.ts", "../server/http.server"],
      ["app/models/results/example.server.ts", "../model-kit.server"],
      ["app/pages/example.tsx", "~/components/AdminNav"],
      ["widget/core/example.ts", "../render/sanitize"],
      ["contract/schema/example.ts", "../i18n"],
      ["demo/store/server/example.ts", "../../sv/server/html"],
      ["test/unit/example.test.ts", "../support/factories"],
      ["scripts/example.ts", "../app/server/env.server"],
    ]) {
      const found = await layerFindings(file, `import * as other from "${from}";\nexport const used = other;\n`);
      expect(found, `${file} importing ${from}`).toHaveLength(1);
      expect(found[0]).toMatch(/Name the root instead of climbing|Write #app\/… for app\//);
    }
    for (const [file, from] of [
      ["app/models/example.server.ts", "./model-kit.server"],
      ["app/models/example.server.ts", "./results/hll"],
      ["test/unit/example.test.ts", "#test/support/factories"],
      ["scripts/example.ts", "#app/server/env.server"],
    ])
      expect(
        await layerFindings(file, `import * as other from "${from}";\nexport const used = other;\n`),
        `${file} importing ${from}`,
      ).toEqual([]);
  });

  it("a layer may import from the layers below it", async () => {
    expect(
      await layerFindings(
        "app/components/Example.tsx",
        `import { CSRF_FIELD } from "#app/server/csrf-field";\nexport const name = CSRF_FIELD;\n`,
      ),
    ).toEqual([]);
    expect(
      await layerFindings(
        "app/models/example.server.ts",
        `import { enqueueSyncJob } from "#app/integrations/outbox.server";\nexport const run = enqueueSyncJob;\n`,
      ),
    ).toEqual([]);
    expect(
      await layerFindings(
        "app/pages/example.tsx",
        `import { AdminNav } from "#app/components/AdminNav";\nexport const nav = AdminNav;\n`,
      ),
    ).toEqual([]);
  });

  it("rules out the cycles the folders once had, in the direction that went up", async () => {
    const cases: [file: string, from: string, message: string][] = [
      [
        "app/integrations/example.server.ts",
        "#app/models/person.server",
        "app/integrations may not import from app/models",
      ],
      ["app/server/example.ts", "#app/models/owner.server", "app/server may not import from app/models"],
      ["app/components/Example.tsx", "#app/pages/cta-edit", "app/components may not import from app/pages"],
      ["app/models/example.server.ts", "#app/components/format", "app/models may not import from app/components"],
      ["app/server/example.ts", "#app/integrations/outbox.server", "app/server may not import from app/integrations"],
      ["app/server/example.ts", "#app/view/csv", "app/server may not import from app/view"],
      ["app/db/example.ts", "#app/server/env.server", "app/db may not import from app/server"],
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
        `import type { ContactRow } from "#app/models/contact-list.server";\nexport type Row = ContactRow;\n`,
      ),
    ).toEqual([]);
    expect(
      await layerFindings(
        file,
        `import { listContacts } from "#app/models/contact-list.server";\nexport const list = listContacts;\n`,
      ),
    ).toHaveLength(1);
  });

  it("lets the widget import of ours only contract/, from any depth", async () => {
    for (const [file, from] of [
      ["widget/snippet.ts", "#contract/snippet-template"],
      ["widget/render/example.ts", "#contract/schema/person-fields"],
      ["widget/core/extras/example.ts", "#contract/i18n"],
      ["widget/core/example.ts", "./visitor"],
      ["widget/core/example.ts", "#widget/render/sanitize"],
      ["widget/core/example.ts", "zod"],
    ])
      expect(
        await layerFindings(file, `import * as other from "${from}";\nexport const used = other;\n`),
        `${file} importing ${from}`,
      ).toEqual([]);
  });

  it("refuses the widget anything else of ours: app/ (even app/server, even types), demo/, prisma/, scripts/", async () => {
    const cases: [file: string, code: string][] = [
      ["widget/render/example.ts", `import { idSchema } from "#app/server/id";\nexport const f = idSchema;\n`],
      ["widget/render/example.ts", `import type { Db } from "#app/db.server";\nexport type D = Db;\n`],
      [
        "widget/core/example.ts",
        `import { findPerson } from "#app/models/person.server";\nexport const f = findPerson;\n`,
      ],
      ["widget/core/example.ts", `import { esc } from "#demo/sv/server/html";\nexport const f = esc;\n`],
      ["widget/example.ts", `import { DEMO_SHOP_DOMAIN } from "#prisma/seed-data/demo-owners";\nexport const f = 1;\n`],
      ["widget/core/panel/example.ts", `import { ASSETS_DIR } from "#scripts/build-widget";\nexport const f = 1;\n`],
    ];
    for (const [file, code] of cases)
      expect(await layerFindings(file, code), `${file}: ${code}`).toEqual([
        expect.stringContaining("The widget may import of ours only contract/"),
      ]);
  });

  it("refuses app/ any import of widget/, from any layer, beside its layer's own rules", async () => {
    for (const [file, from] of [
      ["app/server/example.ts", "#widget/snippet"],
      ["app/routes/example.tsx", "#widget/core/visitor"],
      ["app/root.tsx", "#widget/core/inline"],
      ["app/components/editor/Example.tsx", "#widget/render/sanitize"],
    ]) {
      const found = await layerFindings(file, `import * as other from "${from}";\nexport const used = other;\n`);
      expect(found, `${file} importing ${from}`).toEqual([expect.stringContaining("app/ may not import widget/")]);
    }
    const typeOnly = await layerFindings(
      "app/models/example.server.ts",
      `import type { InlineTarget } from "#widget/core/inline";\nexport type T = InlineTarget;\n`,
    );
    expect(typeOnly).toEqual([expect.stringContaining("app/ may not import widget/")]);
    // Both rules hold in one file: the layer's and the widget's.
    const both = await layerFindings(
      "app/server/example.ts",
      `import { CsrfInput } from "#app/components/CsrfInput";\nimport { genericSnippet } from "#widget/snippet";\nexport const used = [CsrfInput, genericSnippet];\n`,
    );
    expect(both).toEqual([
      expect.stringContaining("app/server may not import from app/components"),
      expect.stringContaining("app/ may not import widget/"),
    ]);
    expect(
      await layerFindings(
        "app/models/example.server.ts",
        `import { ctaDocumentSchema } from "#contract/schema/cta";\nexport const s = ctaDocumentSchema;\n`,
      ),
    ).toEqual([]);
  });

  it("keeps contract/ free of imports of ours, types included", async () => {
    for (const [file, from] of [
      ["contract/example.ts", "#app/server/id"],
      ["contract/schema/example.ts", "#widget/core/inline"],
      ["contract/i18n/example.ts", "#demo/host"],
      ["contract/schema/example.ts", "#app/server/html"],
      ["contract/example.ts", "#prisma/seed-data/demo-owners"],
    ]) {
      for (const code of [
        `import * as other from "${from}";\nexport const used = other;\n`,
        `import type * as other from "${from}";\nexport type Used = typeof other;\n`,
      ])
        expect(await layerFindings(file, code), `${file}: ${code}`).toEqual([
          expect.stringContaining("contract/ may import nothing of ours"),
        ]);
    }
    for (const [file, from] of [
      ["contract/schema/example.ts", "./common"],
      ["contract/schema/example.ts", "#contract/i18n"],
      ["contract/example.ts", "zod"],
    ])
      expect(
        await layerFindings(file, `import * as other from "${from}";\nexport const used = other;\n`),
        `${file} importing ${from}`,
      ).toEqual([]);
  });

  it("treats demo/ as a host site: contract/ and its seed data, never the database, app code or widget internals", async () => {
    for (const [file, from] of [
      ["demo/sv/server/example.ts", "#app/db.server"],
      ["demo/sv/server/example.ts", "#app/models/public-config.server"],
      ["demo/store/server/example.ts", "#app/server/origin.server"],
      ["demo/store/server/example.ts", "#widget/snippet"],
      ["demo/sv/src/example.ts", "#widget/core/visitor"],
      ["demo/example.ts", "#prisma/seed"],
      ["demo/store/server/example.ts", "#app/db/database-url.server"],
    ])
      expect(
        await layerFindings(file, `import * as other from "${from}";\nexport const used = other;\n`),
        `${file} importing ${from}`,
      ).toEqual([expect.stringContaining("demo/ is a host site")]);
    for (const [file, from] of [
      ["demo/sv/server/example.ts", "#contract/placement"],
      ["demo/store/server/example.ts", "#prisma/seed-data/demo-store-products"],
      ["demo/store/server/example.ts", "#demo/sv/server/html"],
      ["demo/example.ts", "./host"],
      ["demo/store/server/example.ts", "node:http"],
    ])
      expect(
        await layerFindings(file, `import * as other from "${from}";\nexport const used = other;\n`),
        `${file} importing ${from}`,
      ).toEqual([]);
  });
});
