import { describe, expect, it } from "vitest";
import { EMAIL_PARAMS, readFlags } from "#widget/core/url-params";

describe("URL parameters (SPEC 2)", () => {
  it("reads nothing from a plain address or a bad one", () => {
    expect(readFlags("https://x.se/", 3)).toEqual({
      admin: false,
      campaign: null,
      preview: null,
      time: false,
      email: null,
      utms: {},
    });
    expect(readFlags("not a url", 3).admin).toBe(false);
  });

  it("opens the test panel only with this website's cf_{id}_admin=true", () => {
    expect(readFlags("https://x.se/?cf_3_admin=true", 3).admin).toBe(true);
    expect(readFlags("https://x.se/?cf_4_admin=true", 3).admin).toBe(false);
    expect(readFlags("https://x.se/?cf_3_admin=1", 3).admin).toBe(false);
  });

  it("reads cf_campaign_id, preview (iframe=true plus variant) and cfTime", () => {
    expect(readFlags("https://x.se/?cf_campaign_id=17", 3).campaign).toBe(17);
    expect(readFlags("https://x.se/?cf_campaign_id=abc", 3).campaign).toBeNull();
    expect(readFlags("https://x.se/?iframe=true&variant=42", 3).preview).toBe(42);
    expect(readFlags("https://x.se/?variant=42", 3).preview).toBeNull();
    expect(readFlags("https://x.se/?iframe=true", 3).preview).toBeNull();
    expect(readFlags("https://x.se/?cfTime=true", 3).time).toBe(true);
  });

  it.each(EMAIL_PARAMS)("identifies by e-mail with %s", (name) => {
    expect(readFlags(`https://x.se/?${name}=anna%40exempel.se`, 3).email).toBe("anna@exempel.se");
  });

  it("keeps a + in an address's e-mail, and prefers cf_email", () => {
    expect(readFlags("https://x.se/?email=anna+news@exempel.se", 3).email).toBe("anna+news@exempel.se");
    expect(readFlags("https://x.se/?email=b@x.se&cf_email=a@x.se", 3).email).toBe("a@x.se");
  });

  it("captures the five UTM parameters, 500 characters at most", () => {
    const f = readFlags(
      "https://x.se/?utm_source=news&utm_medium=email&utm_campaign=vår&utm_term=" +
        "x".repeat(600) +
        "&utm_content=a&utm_other=b",
      3,
    );
    expect(f.utms).toEqual({
      utm_source: "news",
      utm_medium: "email",
      utm_campaign: "vår",
      utm_term: "x".repeat(500),
      utm_content: "a",
    });
  });
});
