/** Beckon's product pages (SPEC 2's powered-by targets) in the reader's language, whatever the request carries. */
import { describe, expect, it } from "vitest";
import { productPageHtml, productPageLanguage, productPageResponse } from "#app/pages/product-pages";

const request = (query = "", acceptLanguage?: string) =>
  new Request(`http://beckon.test/sticky-bars${query}`, {
    headers: acceptLanguage === undefined ? {} : { "Accept-Language": acceptLanguage },
  });

describe("product pages", () => {
  it("speak ?lang= first, then the browser's languages by quality, then English", () => {
    expect(productPageLanguage(request("?lang=sv", "en-US"))).toBe("sv");
    expect(productPageLanguage(request("?lang=en", "sv-SE,sv;q=0.9"))).toBe("en");
    expect(productPageLanguage(request("", "sv-SE,sv;q=0.9,en;q=0.8"))).toBe("sv");
    expect(productPageLanguage(request("", "de;q=1,en;q=0.5,sv;q=0.9"))).toBe("sv");
    expect(productPageLanguage(request("", "fr-FR"))).toBe("en");
    expect(productPageLanguage(request())).toBe("en");
  });

  it("read hostile or broken parameters and headers as no choice", () => {
    for (const query of ["?lang=<script>", "?lang=__proto__", "?lang=SV%00", `?lang=${"s".repeat(10_000)}`, "?lang="])
      expect(productPageLanguage(request(query, "en")), query.slice(0, 20)).toBe("en");
    for (const header of [";;;,,,", "sv;q=0.0", "sv;q=0", "*", "\u00e5\u00e4\u00f6", "x".repeat(20_000)])
      expect(productPageLanguage(request("", header)), header.slice(0, 20)).toBe("en");
  });

  it("are whole pages in Swedish, with links that keep the language and a switch to the other", () => {
    const html = productPageHtml("sticky-bars", "sv");
    expect(html).toContain('<html lang="sv">');
    expect(html).toContain("<h1>Fasta listar för budskap som syns hela tiden</h1>");
    expect(html).toContain('<a href="/popups?lang=sv">Popupar</a>');
    expect(html).toContain('<a href="/sticky-bars?lang=en" hreflang="en" lang="en">English</a>');
    expect(html).toContain("Logga in och skapa din första CTA");
    for (const english of ["Sign in", "Sticky bars", "Countdowns", "You came here"])
      expect(html).not.toContain(english);
    const en = productPageHtml("landing-pages");
    expect(en).toContain('<html lang="en">');
    expect(en).toContain("<h1>Landing pages without a page builder</h1>");
    expect(en).toContain('<a href="/landing-pages?lang=sv" hreflang="sv" lang="sv">Svenska</a>');
  });

  it("answer as static pages that caches keep per language and that run no script", () => {
    const res = productPageResponse("popups", request("", "sv"));
    expect(res.headers.get("Content-Language")).toBe("sv");
    expect(res.headers.get("Vary")).toBe("Accept-Language");
    expect(res.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(productPageResponse("popups", request("?lang=<img src=x>")).headers.get("Content-Language")).toBe("en");
  });
});
