/**
 * The server's rich-text sanitizer on hostile input: only the shared
 * allow-list's tags survive, links keep http(s), mailto and tel only, a new
 * tab gets rel="noopener noreferrer", and no style, class or on* attribute
 * is left. Every place of a CTA document the widget draws as HTML is cleaned,
 * and the document's own option checks refuse oversized or non-text rich text
 * by name.
 */
import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "#app/models/rich-text/sanitize.server";
import { DROPPED_TAGS, RICH_TEXT_TAGS } from "#contract/rich-text/allow-list";
import { mapRichText } from "#app/models/rich-text/document-rich-text";
import { MAX_RICH_TEXT_CHARS, optionIssues } from "#contract/schema/option-keys";
import { newCtaDocument, newElement } from "#app/components/editor/document";
import type { CtaDocument } from "#contract/schema/cta";

describe("sanitizeRichText", () => {
  it("keeps what the editor writes: paragraphs, headings, bold, italic, lists and links", () => {
    const html =
      "<h2>Boka</h2><p>Hej <strong>du</strong>, <em>läs</em> <b>detta</b> <i>nu</i><br /><u>och</u> <small>liten</small> <span>!</span></p>" +
      '<ul><li><p>ett</p></li></ul><ol><li>två</li></ol><p><a href="https://example.se/a?b=1&amp;c=2">länk</a></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it.each([
    ["<script>alert(1)</script>ok", "ok"],
    ['<img src=x onerror="alert(1)">ok', "ok"],
    ['<p onclick="alert(1)" onmouseover=alert(2) style="color:red" class="x" id="y">t</p>', "<p>t</p>"],
    ['<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href=" JaVaScRiPt:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="java&#x09;script:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="&#106;avascript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="vbscript:msgbox(1)">x</a>', "<a>x</a>"],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', "<a>x</a>"],
    ['<a href="//evil.example/x">x</a>', "<a>x</a>"],
    ["<style>body{display:none}</style><p>t</p>", "<p>t</p>"],
    ['<iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="x">t', "t"],
    ["<svg><script>alert(1)</script><a href='javascript:alert(2)'>x</a></svg>after", "after"],
    ["<math><mi xlink:href='javascript:alert(1)'>x</mi></math>after", "after"],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ""],
    [
      '<form action="https://evil.example"><input name="card"><button formaction="javascript:alert(1)">Go</button></form>',
      "Go",
    ],
    ['<div style="background:url(javascript:alert(1))"><b>in</b></div>', "<b>in</b>"],
    ["<h5>deep heading</h5><table><tr><td>cell</td></tr></table>", "deep headingcell"],
    ["<template><p>hidden</p></template>shown", "shown"],
    ["<textarea><b>raw</b></textarea>after", "after"],
    ["&lt;script&gt;alert(1)&lt;/script&gt;", "&lt;script&gt;alert(1)&lt;/script&gt;"],
    ["<p>unclosed <b>bold", "<p>unclosed <b>bold</b></p>"],
  ])("neutralises %s", (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it("keeps http(s), mailto, tel and site-relative links; a new tab gets noopener noreferrer, other targets and rels go", () => {
    expect(sanitizeRichText('<a href="https://x.se" target="_blank">x</a>')).toBe(
      '<a href="https://x.se" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="https://x.se" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.se" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="http://x.se" target="_top" rel="opener">x</a>')).toBe(
      '<a href="http://x.se">x</a>',
    );
    expect(sanitizeRichText('<a href="mailto:info@x.se">m</a> <a href="tel:+468123">t</a>')).toBe(
      '<a href="mailto:info@x.se">m</a> <a href="tel:+468123">t</a>',
    );
    expect(sanitizeRichText('<a href="/boka">b</a>')).toBe('<a href="/boka">b</a>');
  });

  it("leaves merge tags and plain text alone (escaped as HTML text)", () => {
    expect(sanitizeRichText("Hej {{first_name}}!")).toBe("Hej {{first_name}}!");
    expect(sanitizeRichText("Fish & chips <3")).toBe("Fish &amp; chips &lt;3");
  });

  it("is idempotent: a cleaned text comes back unchanged", () => {
    const once = sanitizeRichText(
      '<p onclick=x>a &amp; <a href="https://x.se" target="_blank">b</a><script>c</script></p><div><ul><li>d</li></ul></div>',
    );
    expect(sanitizeRichText(once)).toBe(once);
  });

  it("cuts markup nested deeper than the widget would copy, keeping the text", () => {
    const deep = "<span>".repeat(200) + "deep" + "</span>".repeat(200);
    const out = sanitizeRichText(deep);
    expect(out).toContain("deep");
    expect(out.match(/<span>/g)!.length).toBeLessThanOrEqual(32);
  });

  it("shares its tag list with the widget: allowed and dropped tags never overlap, and nothing dangerous is allowed", () => {
    expect(RICH_TEXT_TAGS.filter((t) => DROPPED_TAGS.includes(t))).toEqual([]);
    for (const tag of ["script", "style", "img", "iframe", "svg", "form", "input", "object", "base", "meta", "link"])
      expect(RICH_TEXT_TAGS).not.toContain(tag);
  });
});

/** A document with rich text in every place the widget draws it as HTML. */
function hostileDocument(): CtaDocument {
  const doc = newCtaDocument({ name: "Rich", cta_type: "inline", template: "form" });
  const step = doc.variants[0].steps[0];
  const column = step.sections[0].columns[0];
  column.elements = [
    { ...newElement("text", 0), options: { html: '<p onclick="x()">a<script>b</script></p>' } },
    { ...newElement("timer", 1), options: { "end-message": "<img src=x onerror=alert(1)>slut" } },
    {
      ...newElement("tabs", 2),
      content_toggle_items: [{ title: "T", html: '<a href="javascript:alert(1)">flik</a>' }, { title: "no html" }],
    },
    {
      ...newElement("button", 3),
      options: { text: "<b>not rich</b>" },
      action_groups: [
        {
          position: 0,
          data: { "confirmation-type": "message", confirmation: '<p style="x">tack<iframe></iframe></p>' },
          actions: [],
        } as never,
      ],
    },
  ];
  step.action_groups = [
    { position: 0, data: { confirmation: "<svg onload=alert(1)></svg>steg" }, actions: [] } as never,
  ];
  return doc;
}

describe("mapRichText", () => {
  it("cleans every rich-text place of a document and nothing else", () => {
    const doc = mapRichText(hostileDocument(), sanitizeRichText);
    const els = doc.variants[0].steps[0].sections[0].columns[0].elements;
    expect(els[0].options.html).toBe("<p>a</p>");
    expect(els[1].options["end-message"]).toBe("slut");
    expect(els[2].content_toggle_items).toEqual([{ title: "T", html: "<a>flik</a>" }, { title: "no html" }]);
    // A button's label is plain text the widget never parses: left as typed.
    expect(els[3].options.text).toBe("<b>not rich</b>");
    expect(els[3].action_groups[0].data.confirmation).toBe("<p>tack</p>");
    expect(doc.variants[0].steps[0].action_groups[0].data.confirmation).toBe("steg");
  });

  it("does not change the document it is given", () => {
    const doc = hostileDocument();
    const before = JSON.stringify(doc);
    mapRichText(doc, sanitizeRichText);
    expect(JSON.stringify(doc)).toBe(before);
  });
});

describe("rich-text option checks", () => {
  it("refuses non-text and oversized rich text, naming the key", () => {
    expect(optionIssues("text", { html: { toString: "x" } })).toEqual([
      { key: "html", message: '"html" must be text' },
    ]);
    expect(optionIssues("text", { html: "a".repeat(MAX_RICH_TEXT_CHARS + 1) })).toEqual([
      { key: "html", message: `"html" is longer than ${MAX_RICH_TEXT_CHARS} characters` },
    ]);
    expect(optionIssues("timer", { "end-message": 5 })).toEqual([
      { key: "end-message", message: '"end-message" must be text' },
    ]);
    expect(optionIssues("text", { html: "<p>ok</p>" })).toEqual([]);
  });
});
