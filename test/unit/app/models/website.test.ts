/** Website settings: validation that names the field, partial updates, data-settings defaults, memberships. */
import { describe, expect, it } from "vitest";
import { websiteSettingsSchema } from "#contract/schema/website";
import {
  WebsiteValidationError,
  createWebsite,
  dataSettingsOf,
  getWebsite,
  updateWebsiteSettings,
  websiteSettingsOf,
  websitesOfProfile,
} from "#app/models/website.server";
import { NotFoundError } from "#app/models/model-kit.server";
import { websiteSettingsMock } from "#test/support/factories";
import { fileTestDatabase } from "#test/support/test-database";

const t = fileTestDatabase();

/** Expects a WebsiteValidationError naming `field` and returns its message. */
async function fieldError(promise: Promise<unknown>, field: string): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebsiteValidationError);
  const errors = (error as WebsiteValidationError).fieldErrors();
  expect(Object.keys(errors)).toContain(field);
  expect((error as WebsiteValidationError).status).toBe(422);
  return errors[field];
}

describe("createWebsite and websiteSettingsOf", () => {
  it("stores the settings and reads them back as the same document", async () => {
    const input = websiteSettingsMock({
      currency: "SEK",
      currency_character: "kr",
      default_country: "SE",
      brand_style: { font: "Inter", radius: 6 },
      brand_colors: { primary: "#0b3d91", text: "#111" },
      segment_write_key: "abc123",
      gtm_id: "GTM-ABC123",
      data_settings: { "cart-value-threshold": 500, "google-analytics-id": "G-1" },
    });
    const row = await createWebsite(t.db, input, { shopDomain: "settings-test.myshopify.com" });
    expect(row.shopDomain).toBe("settings-test.myshopify.com");
    const reread = await getWebsite(t.db, row.id);
    expect(websiteSettingsOf(reread!)).toEqual({
      ...websiteSettingsSchema.parse(input),
      privacy_message: null,
      terms_link: null,
      terms_link_text: null,
      marketing_consent: null,
      sms_consent: null,
      brand: null,
    });
    expect(await getWebsite(t.db, 999_999)).toBeNull();
  });

  it("refuses invalid settings, naming the field", async () => {
    expect(await fieldError(createWebsite(t.db, websiteSettingsMock({ currency: "kronor" })), "currency")).toMatch(
      /three-letter/,
    );
    await fieldError(createWebsite(t.db, websiteSettingsMock({ name: "" })), "name");
    await fieldError(createWebsite(t.db, {}), "powered_by");
    expect(await t.db.website.count({ where: { name: "" } })).toBe(0);
  });
});

describe("updateWebsiteSettings", () => {
  it("keeps the settings the input leaves out", async () => {
    const row = await createWebsite(t.db, websiteSettingsMock({ name: "Partial" }));
    const updated = await updateWebsiteSettings(t.db, row.id, { currency: "SEK", currency_character: "kr" });
    expect(websiteSettingsOf(updated)).toMatchObject({
      name: "Partial",
      currency: "SEK",
      currency_character: "kr",
      default_country: "US",
    });
  });

  it("takes a privacy or terms link as an address or a path on the website, never another site's or a script", async () => {
    const { id } = await createWebsite(t.db, websiteSettingsMock());
    for (const link of ["https://example.se/integritet", "/integritetspolicy", "/demo/sv/anvandarvillkor?x=1#a", "/"]) {
      const saved = await updateWebsiteSettings(t.db, id, { privacy_link: link, terms_link: link });
      expect(websiteSettingsOf(saved)).toMatchObject({ privacy_link: link, terms_link: link });
    }
    for (const hostile of [
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      "integritet",
      "/ space",
      "data:text/html,x",
    ])
      expect(await fieldError(updateWebsiteSettings(t.db, id, { terms_link: hostile }), "terms_link"), hostile).toBe(
        "Must be an http(s) address or a path on the website, like /privacy",
      );
  });

  it("names the field of each problem", async () => {
    const { id } = await createWebsite(t.db, websiteSettingsMock());
    const before = websiteSettingsOf((await getWebsite(t.db, id))!);
    expect(await fieldError(updateWebsiteSettings(t.db, id, { default_country: "Sweden" }), "default_country")).toMatch(
      /two-letter/,
    );
    expect(
      await fieldError(updateWebsiteSettings(t.db, id, { privacy_link: "javascript:alert(1)" }), "privacy_link"),
    ).toMatch(/http/);
    expect(
      await fieldError(updateWebsiteSettings(t.db, id, { brand_colors: { primary: "red" } }), "brand_colors.primary"),
    ).toMatch(/hex/);
    expect(
      await fieldError(
        updateWebsiteSettings(t.db, id, { data_settings: { "cart-value-threshold": -1 } }),
        "data_settings.cart-value-threshold",
      ),
    ).toBeTruthy();
    expect(
      await fieldError(
        updateWebsiteSettings(t.db, id, { data_settings: { "secret-thing": "x" } }),
        "data_settings.secret-thing",
      ),
    ).toMatch(/Unknown/);
    await fieldError(updateWebsiteSettings(t.db, id, { gtm_id: "UA-1" }), "gtm_id");
    await fieldError(updateWebsiteSettings(t.db, id, { business_type: "casino" }), "business_type");
    await fieldError(updateWebsiteSettings(t.db, id, { marketing_consent: "x".repeat(2001) }), "marketing_consent");
    await fieldError(updateWebsiteSettings(t.db, id, { privacy_message: "nul\u0000" }), "privacy_message");
    await fieldError(updateWebsiteSettings(t.db, id, "currency=SEK"), "");
    expect(websiteSettingsOf((await getWebsite(t.db, id))!)).toEqual(before);
  });

  it("clears nullable documents to SQL NULL", async () => {
    const { id } = await createWebsite(t.db, websiteSettingsMock({ brand_colors: { primary: "#123456" } }));
    const updated = await updateWebsiteSettings(t.db, id, { brand_colors: null });
    expect(updated.brandColors).toBeNull();
    // SQL NULL, not a JSON null or {}: each database's client needs its own DbNull.
    const rows = await t.db.$queryRaw<
      { n: number | bigint }[]
    >`SELECT COUNT(*) AS n FROM "Website" WHERE "id" = ${id} AND "brandColors" IS NULL`;
    expect(Number(rows[0].n)).toBe(1);
  });

  it("refuses an unknown website", async () => {
    await expect(updateWebsiteSettings(t.db, 999_999, { name: "x" })).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("dataSettingsOf", () => {
  it("fills the defaults: contact processing on, cart-value threshold 50", () => {
    expect(dataSettingsOf({ dataSettings: {} })).toEqual({ "contact-processing": true, "cart-value-threshold": 50 });
    expect(dataSettingsOf({ dataSettings: null })).toEqual({ "contact-processing": true, "cart-value-threshold": 50 });
  });

  it("keeps valid stored values and drops a broken one instead of failing", () => {
    expect(
      dataSettingsOf({ dataSettings: { "contact-processing": false, "cart-value-threshold": 500, "logo-url": "x" } }),
    ).toEqual({
      "contact-processing": false,
      "cart-value-threshold": 500,
      "logo-url": "x",
    });
    expect(dataSettingsOf({ dataSettings: { "cart-value-threshold": "lots", "contact-processing": false } })).toEqual({
      "contact-processing": false,
      "cart-value-threshold": 50,
    });
  });
});

describe("websitesOfProfile", () => {
  it("lists the websites a profile is a member of, with its role", async () => {
    const first = await createWebsite(t.db, websiteSettingsMock({ name: "First" }));
    const second = await createWebsite(t.db, websiteSettingsMock({ name: "Second" }));
    await createWebsite(t.db, websiteSettingsMock({ name: "Someone else's" }));
    const profile = await t.db.ownerProfile.create({
      data: {
        name: "Owner",
        websites: { create: [{ websiteId: second.id, role: "editor" }, { websiteId: first.id }] },
      },
    });
    expect(await websitesOfProfile(t.db, profile.id)).toEqual([
      { id: first.id, name: "First", domain: "https://example.test", shopDomain: null, role: "owner" },
      { id: second.id, name: "Second", domain: "https://example.test", shopDomain: null, role: "editor" },
    ]);
  });
});
