/**
 * Keys a visitor or an e-mail tool supplies (answer slugs, custom fields,
 * tool fields) never reach Object.prototype on the server: the contacts
 * export, the e-mail tool payload and the targeting facts read and write own
 * entries only, so "toString" is an answer like any other and "__proto__"
 * stays a key instead of swapping an object's prototype.
 */
import { describe, expect, it } from "vitest";
import type { TestDatabase } from "#test/support/test-database";
import { withOneWebsite } from "#test/support/website-database";
import { HOSTILE_KEYS, hostileRecord } from "#test/support/hostile-keys";
import { parseCsv } from "#app/view/csv";
import { factsOf, fieldFacts } from "#app/integrations/targeting-facts.server";
import { loadAnswerLabels } from "#app/models/answer-labels.server";
import { contactsCsv } from "#app/models/contacts-csv.server";
import { payloadForPerson } from "#app/models/lead-sync.server";
import type { Person } from "#app/generated/prisma-sqlite";

describe("contacts export", () => {
  let t: TestDatabase;
  let site: number;
  withOneWebsite(async (created) => {
    ({ t, site } = created);
    const person = async (token: string, email: string, extra: object) => {
      const { id } = await t.db.person.create({
        data: {
          websiteId: site,
          visitorToken: token,
          personType: "Contact",
          contactSince: new Date(),
          email,
          extra: {},
          data: {},
        },
      });
      // Written as JSON text: Prisma's own writer would drop an own "__proto__" entry, a stored row can still hold one.
      await t.db.$executeRaw`UPDATE "Person" SET "extra" = ${JSON.stringify(extra)} WHERE "id" = ${id}`;
    };
    await person(
      "proto-keys-hostile",
      "hostile@example.se",
      hostileRecord((key) => `svar på ${key}`),
    );
    await person("proto-keys-plain", "plain@example.se", { note: "hej" });
  });

  it.each(HOSTILE_KEYS)(
    "answer:%s holds the answer of the contact who gave it and nothing for the others",
    async (key) => {
      const [header, ...rows] = parseCsv((await contactsCsv(t.db, site)).csv);
      expect(header).toContain(`answer:${key}`);
      const cell = (email: string) => rows.find((r) => r.includes(email))![header.indexOf(`answer:${key}`)];
      expect(cell("hostile@example.se")).toBe(`svar på ${key}`);
      expect(cell("plain@example.se")).toBe("");
    },
  );

  it.each(HOSTILE_KEYS)("an answer slug %s has no label unless a field of that slug exists", async (key) => {
    const labels = await loadAnswerLabels(t.db, site);
    expect(labels.label(null, key, "x")).toEqual({ question: null, answer: null });
  });
});

describe("e-mail tool payload and targeting facts", () => {
  it("sends every custom answer as a property, __proto__ included, under its own name", () => {
    const person = { extra: hostileRecord((key) => `svar på ${key}`) } as unknown as Person;
    const properties = payloadForPerson(person).properties ?? {};
    expect(Object.keys(properties).sort()).toEqual([...HOSTILE_KEYS].sort());
    for (const key of HOSTILE_KEYS)
      expect(Object.getOwnPropertyDescriptor(properties, key)?.value).toBe(`svar på ${key}`);
  });

  it.each(HOSTILE_KEYS)("a data field %s is a fact only when the tool holds it", (key) => {
    expect(Object.keys(fieldFacts(new Set([key]), {}))).toEqual([]);
    expect(
      Object.getOwnPropertyDescriptor(
        fieldFacts(
          new Set([key]),
          hostileRecord(() => "ja"),
        ),
        key,
      )?.value,
    ).toBe("ja");
  });

  it.each(HOSTILE_KEYS)("a list or tag named %s is a yes/no fact of its own", (key) => {
    const facts = factsOf(new Set([key]), [key]);
    expect(Object.keys(facts)).toEqual([key]);
    expect(Object.getOwnPropertyDescriptor(facts, key)?.value).toBe(true);
  });
});
