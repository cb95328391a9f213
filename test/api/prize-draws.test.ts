/**
 * POST /api/websites/{id}/prize_draws over HTTP against the real server:
 * a draw answers the prize with its code, a second play with the same e-mail
 * the first prize, the published CTA never shows a code, and hostile input is
 * a JSON 4xx that names the problem and changes nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { post, server, store, sv, tdb, withPublicApiServer } from "./public-api-harness";
import { saveCtaDocument } from "#app/models/cta.server";
import { ctaWithElements } from "#test/support/factories";

withPublicApiServer();

let game: { ctaId: number; elementId: number };

beforeAll(async () => {
  const doc = await saveCtaDocument(
    tdb.db,
    sv,
    ctaWithElements(
      [
        {
          element_type: "prize_wheel",
          options: {
            "show-privacy-consent": true,
            prizes: [
              { id: "ten", label: "10 %", kind: "discount_code", code: "SECRET10", weight: 3 },
              { id: "ship", label: "Fri frakt", kind: "free_shipping", code: "SECRETSHIP", weight: 1 },
            ],
          },
        },
      ],
      { name: "Lyckohjul", status: "published" },
    ),
  );
  game = { ctaId: doc.id!, elementId: doc.variants[0].steps[0].sections[0].columns[0].elements[0].id! };
});

const contact = (over: Record<string, unknown> = {}) => ({
  id: randomBytes(10).toString("hex"),
  visitor_token: randomBytes(16).toString("hex"),
  email: `${randomBytes(6).toString("hex")}@example.se`,
  privacy_consent: true,
  cta_id: game.ctaId,
  element_id: game.elementId,
  ...over,
});
const draw = (body: unknown, websiteId = sv) => post(`/api/websites/${websiteId}/prize_draws`, body);

describe("prize draws", () => {
  it("draws a prize with its code, and gives the same e-mail the same prize again", async () => {
    const email = "Spelare@Example.se";
    const first = await draw({ contact: contact({ email }) });
    expect(first.status).toBe(201);
    expect(["ten", "ship"]).toContain(first.json.prize.id);
    expect(first.json.prize.code).toMatch(/^SECRET/);
    const again = await draw({ contact: contact({ email: "spelare@example.se" }) });
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ prize: first.json.prize, repeat: true });
  });

  it("never shows the codes in the published CTA", async () => {
    const res = await fetch(`${server.origin}/api/cta/${game.ctaId}.json`);
    const body = await res.text();
    expect(res.status).toBe(200);
    expect(body).toContain("Fri frakt");
    expect(body).not.toContain("SECRET");
  });

  it.each([
    ["no e-mail", () => ({ contact: contact({ email: undefined }) }), 422, "contact.email"],
    ["a bad e-mail", () => ({ contact: contact({ email: "nope" }) }), 422, "contact.email"],
    ["no privacy consent", () => ({ contact: contact({ privacy_consent: false }) }), 422, "contact.privacy_consent"],
    ["no element", () => ({ contact: contact({ element_id: undefined }) }), 422, "contact.element_id"],
    ["an element id that is text", () => ({ contact: contact({ element_id: "1 OR 1=1" }) }), 422, "contact.element_id"],
    ["a huge element id", () => ({ contact: contact({ element_id: 2 ** 40 }) }), 422, "contact.element_id"],
    ["an element of no prize game", () => ({ contact: contact({ element_id: 1 }) }), 404, "contact.element_id"],
    ["an unknown CTA", () => ({ contact: contact({ cta_id: 2_000_000_000 }) }), 404, "contact.cta_id"],
    ["no contact", () => ({}), 422, "contact"],
    [
      "a visitor token with markup",
      () => ({ contact: contact({ visitor_token: "<script>alert(1)</script>" }) }),
      422,
      "contact.visitor_token",
    ],
  ] as [string, () => unknown, number, string][])("refuses %s", async (_what, body, status, field) => {
    const before = await tdb.db.prizeDraw.count();
    const res = await draw(body());
    expect(res.status).toBe(status);
    expect(res.json.error.field).toBe(field);
    expect(await tdb.db.prizeDraw.count()).toBe(before);
  });

  it("ignores a prize the visitor names and takes none of its codes", async () => {
    const res = await draw({ contact: contact(), prize: { id: "ten", code: "MINE" }, prize_id: "ship" });
    expect(res.status).toBe(201);
    expect(res.json.prize.code).not.toBe("MINE");
  });

  it("refuses the game on another website, oversized and non-JSON bodies, and GET", async () => {
    expect((await draw({ contact: contact() }, store)).status).toBe(404);
    expect(
      (
        await draw({
          contact: contact({
            extra: { big: "x".repeat(4900), more: "y".repeat(4900), m: "z".repeat(4900), n: "w".repeat(4900) },
          }),
        })
      ).status,
    ).toBe(413);
    const raw = await fetch(`${server.origin}/api/websites/${sv}/prize_draws`, { method: "POST", body: "{nope" });
    expect(raw.status).toBe(400);
    const get = await fetch(`${server.origin}/api/websites/${sv}/prize_draws`);
    expect(get.status).toBe(405);
  });
});
