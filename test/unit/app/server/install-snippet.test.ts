/**
 * The install page's snippet comes from the widget build's template
 * (beckon-snippet.json), not from importing the widget: what the server
 * fills in must be exactly the snippet the widget's own code makes, and a
 * missing or broken build output must read as "not built", not as a
 * snippet.
 */
import { describe, expect, it } from "vitest";
import { fillSnippet, type SnippetTemplateFile } from "#contract/snippet-template";
import { installSnippet, parseSnippetTemplate } from "#app/server/install-snippet.server";
import { genericSnippet, snippetTemplate } from "#widget/snippet";

/** The file as scripts/build-widget.ts writes it. */
const builtFile = JSON.stringify({ template: snippetTemplate() } satisfies SnippetTemplateFile, null, 2) + "\n";

describe("install snippet from the build's template", () => {
  it("is the widget's own snippet for every website, origin and nonce", () => {
    for (const options of [
      { origin: "https://beckon.example/", websiteId: 1 },
      { origin: "http://127.0.0.1:3000", websiteId: 4711 },
      { origin: "https://[::1]:8443", websiteId: 12, nonce: "r4nd0m+/=_-" },
      { origin: "https://xn--bcken-jua.example", websiteId: 99, nonce: "abc" },
    ])
      expect(installSnippet(options, builtFile), JSON.stringify(options)).toBe(genericSnippet(options));
  });

  it("leaves no placeholder behind", () => {
    const html = installSnippet({ origin: "https://beckon.example", websiteId: 3 }, builtFile)!;
    expect(html).not.toMatch(/\{\{BECKON_/);
    expect(html).toContain('"https://beckon.example/api/websites/3.js"');
    expect(html).toContain('"cf_3_id"');
  });

  it("reads a missing, malformed or empty build output as not built", () => {
    for (const file of [null, "", "not json", "null", "{}", '{"template":42}', '{"template":""}'])
      expect(installSnippet({ origin: "https://beckon.example", websiteId: 1 }, file), String(file)).toBeNull();
    expect(parseSnippetTemplate(builtFile)).toBe(snippetTemplate());
  });

  it("refuses what cannot be put into the script, naming the option", () => {
    const template = snippetTemplate();
    expect(() => fillSnippet(template, { origin: "https://x.se", websiteId: 0 })).toThrow(/websiteId/);
    expect(() => fillSnippet(template, { origin: "https://x.se", websiteId: 1.5 })).toThrow(/websiteId/);
    expect(() => fillSnippet(template, { origin: "ftp://x.se", websiteId: 1 })).toThrow(/origin/);
    expect(() => fillSnippet(template, { origin: "javascript:alert(1)", websiteId: 1 })).toThrow();
    expect(() => fillSnippet(template, { origin: "https://x.se", websiteId: 1, nonce: '"><b>' })).toThrow(/nonce/);
  });

  it("takes a replacement pattern in a value literally", () => {
    // A host name may hold "$&", which String.replace would read as "the placeholder again".
    const html = fillSnippet(snippetTemplate(), { origin: "https://a$&b.example", websiteId: 1 });
    expect(html).toContain('"https://a$&b.example/api/websites/1.js"');
    expect(html).not.toMatch(/\{\{BECKON_/);
  });
});
