import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  companyForEmail,
  companyNameFromDomain,
  registrableDomain,
  type CompanyEnricher,
} from "#app/integrations/company.server";
import { verifyRecaptcha } from "#app/integrations/recaptcha.server";
import { FakeRecaptcha } from "#test/support/fake-providers/recaptcha";

describe("company data from a business e-mail", () => {
  it.each([
    [
      "anna@acme-sales.se",
      { name: "Acme Sales", website: "https://acme-sales.se", domain: "acme-sales.se", source: "email-domain" },
    ],
    ["anna@mail.saljtraning.se", { name: "Saljtraning", website: "https://saljtraning.se" }],
    ["bob@sales.widgets.co.uk", { name: "Widgets", website: "https://widgets.co.uk" }],
    ["eva@skf.com", { name: "SKF" }],
  ])("%s", async (email, expected) => {
    expect(await companyForEmail(email)).toMatchObject(expected);
  });

  it.each(["anna@gmail.com", "anna@hotmail.se", "anna@mailinator.com", "not-an-email", null])(
    "%s has no company",
    async (email) => {
      expect(await companyForEmail(email)).toBeNull();
    },
  );

  it("asks a provider first and falls back when it fails or knows nothing", async () => {
    const provider = (answer: "hit" | "miss" | "boom"): CompanyEnricher => ({
      name: "test-provider",
      async lookup(domain) {
        if (answer === "boom") throw new Error("provider down");
        return answer === "hit"
          ? {
              name: "Acme Sales AB",
              website: "https://acme-sales.se",
              domain,
              source: "test-provider",
              extra: { employees: 42 },
            }
          : null;
      },
    });
    expect(await companyForEmail("anna@acme-sales.se", provider("hit"))).toMatchObject({
      name: "Acme Sales AB",
      source: "test-provider",
      extra: { employees: 42 },
    });
    expect(await companyForEmail("anna@acme-sales.se", provider("miss"))).toMatchObject({
      name: "Acme Sales",
      source: "email-domain",
    });
    expect(await companyForEmail("anna@acme-sales.se", provider("boom"))).toMatchObject({ source: "email-domain" });
  });

  it("derives names and registrable domains", () => {
    expect(registrableDomain("a.b.example.com.au")).toBe("example.com.au");
    expect(companyNameFromDomain("nordic_growth-partners.se")).toBe("Nordic Growth Partners");
  });
});

describe("reCAPTCHA verification", () => {
  const fake = new FakeRecaptcha();
  beforeAll(() => fake.start());
  afterAll(() => fake.server.stop());
  const opts = (timeoutMs = 5000) => ({ verifyUrl: fake.verifyUrl, timeoutMs });

  it("posts secret, response and remoteip form-encoded, and accepts a good token once", async () => {
    const t = fake.issue("good-token");
    expect(await verifyRecaptcha(fake.secret, t, "89.160.20.112", opts())).toMatchObject({
      ok: true,
      unavailable: false,
    });
    const sent = new URLSearchParams(fake.server.requests.at(-1)!.rawBody);
    expect(Object.fromEntries(sent)).toEqual({
      secret: fake.secret,
      response: "good-token",
      remoteip: "89.160.20.112",
    });
    expect(fake.server.requests.at(-1)!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(await verifyRecaptcha(fake.secret, t, null, opts())).toMatchObject({
      ok: false,
      errorCodes: ["timeout-or-duplicate"],
    });
  });

  it("refuses unknown tokens, a wrong secret and low v3 scores", async () => {
    expect(await verifyRecaptcha(fake.secret, "forged", null, opts())).toMatchObject({
      ok: false,
      unavailable: false,
      errorCodes: ["invalid-input-response"],
    });
    expect(await verifyRecaptcha("wrong", fake.issue("t2"), null, opts())).toMatchObject({
      ok: false,
      errorCodes: ["invalid-input-secret"],
    });
    expect(await verifyRecaptcha(fake.secret, fake.issue("bot", 0.1), null, opts())).toMatchObject({
      ok: false,
      score: 0.1,
    });
    expect(await verifyRecaptcha(fake.secret, fake.issue("human", 0.9), null, opts())).toMatchObject({
      ok: true,
      score: 0.9,
    });
  });

  it("reports an unreachable, failing or hung service as unavailable", async () => {
    fake.server.failNext(1, { kind: "500" });
    expect(await verifyRecaptcha(fake.secret, fake.issue("t3"), null, opts())).toMatchObject({
      ok: false,
      unavailable: true,
    });
    fake.server.failNext(1, { kind: "hang" });
    expect(await verifyRecaptcha(fake.secret, fake.issue("t4"), null, opts(300))).toMatchObject({
      ok: false,
      unavailable: true,
    });
    await fake.server.stop();
    expect(await verifyRecaptcha(fake.secret, fake.issue("t5"), null, opts())).toMatchObject({
      ok: false,
      unavailable: true,
    });
    await fake.server.start();
  });
});
