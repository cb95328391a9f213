// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true}}
import { describe, expect, it } from "vitest";
import { safeHref, sanitizeHtml } from "#widget/render/sanitize";

const clean = (html: string) => {
  const div = document.createElement("div");
  div.appendChild(sanitizeHtml(html));
  return div.innerHTML;
};

describe("sanitizer", () => {
  it("keeps the whitelisted formatting", () => {
    expect(clean("<p>Hej <b>du</b>, <em>läs</em> <strong>detta</strong><br><i>nu</i> <span>!</span></p>")).toBe(
      "<p>Hej <b>du</b>, <em>läs</em> <strong>detta</strong><br><i>nu</i> <span>!</span></p>",
    );
  });

  it.each([
    ['<img src=x onerror="alert(1)">', ""],
    ["<script>alert(1)</script>ok", "ok"],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href=" jAvAsCrIpT:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="java&#x09;script:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<p onclick="alert(1)" style="color:red" class="x">t</p>', "<p>t</p>"],
    ['<object data="https://evil.example/x.swf"></object><embed src="x">t', "t"],
    ["<style>body{display:none}</style>t", "t"],
    ['<div><b onmouseover="alert(1)">in</b></div>', "<b>in</b>"],
    ["<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>", ""],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ""],
    ["&lt;script&gt;alert(1)&lt;/script&gt;", "&lt;script&gt;alert(1)&lt;/script&gt;"],
  ])("neutralises %s", (input, expected) => {
    expect(clean(input)).toBe(expected);
  });

  it("drops foreign content (svg, math) with everything in it", () => {
    // Parsers differ on where text after </svg> lands; what matters is that no script survives.
    expect(clean("<svg><script>alert(1)</script><a href='javascript:alert(2)'>x</a></svg>")).toBe("");
    expect(clean("<math><mi xlink:href='javascript:alert(1)'>x</mi></math>")).toBe("");
  });

  it("keeps http(s) and mailto links, marked noopener", () => {
    expect(clean('<a href="https://example.se/a?b=1" target="_blank">x</a>')).toBe(
      '<a href="https://example.se/a?b=1" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(clean('<a href="mailto:info@example.se">m</a>')).toBe(
      '<a href="mailto:info@example.se" rel="noopener noreferrer">m</a>',
    );
  });

  it("builds new nodes and never runs what it parses", async () => {
    (window as { hacked?: boolean }).hacked = false;
    const frag = sanitizeHtml('<img src="x" onerror="window.hacked=true"><p>safe</p>');
    document.body.appendChild(frag);
    await new Promise((r) => setTimeout(r, 20));
    expect((window as { hacked?: boolean }).hacked).toBe(false);
    expect(document.body.querySelector("img")).toBeNull();
  });

  it("makes plain text one text node, and parses anything the parser would change", () => {
    const plain = sanitizeHtml("Vänta! 10 % rabatt > inget", document);
    expect([...plain.childNodes].map((n) => [n.nodeType, n.textContent])).toEqual([[3, "Vänta! 10 % rabatt > inget"]]);
    expect(sanitizeHtml("", document).childNodes).toHaveLength(0);
    expect(clean("Fish &amp; chips")).toBe("Fish &amp; chips");
    expect(sanitizeHtml("Fish &amp; chips", document).textContent).toBe("Fish & chips");
    expect(clean("<b>bold</b> and plain")).toBe("<b>bold</b> and plain");
  });

  it("accepts only http(s), mailto and tel addresses (the allow-list the server saves with)", () => {
    expect(safeHref("https://x.se")).toBe("https://x.se/");
    expect(safeHref("mailto:a@b.se")).toBe("mailto:a@b.se");
    expect(safeHref("tel:+46812345")).toBe("tel:+46812345");
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("vbscript:x")).toBeNull();
    expect(safeHref("")).toBeNull();
  });
});
