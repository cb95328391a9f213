/**
 * The lead pages of the standalone owner admin over HTTP against the built
 * server and a seeded database: contacts (search, filters, detail, CSV and
 * JSON export, delete), results (numbers, A/B verdicts, winners) and
 * integrations (connect, lists, lists and tags per CTA, retries).
 */

import { describe, expect, it } from "vitest";
import { parseCsv } from "#app/view/csv";
import { saveCtaDocument } from "#app/models/cta.server";
import { drawFor } from "#app/models/prize-draw.server";
import { addCodes } from "#app/models/discount-codes/pool.server";
import { prizesOf } from "#contract/schema/prize-game";
import { ctaWithElements } from "#test/support/factories";
import {
  abCta,
  abVariants,
  anna,
  bertil,
  cecilia,
  contact,
  events,
  failedJob,
  firstVariant,
  get,
  html,
  ownerPost,
  signIn,
  store,
  storeCta,
  storeLead,
  storeList,
  sv,
  SV_OWNER,
  svCta,
  svCta2,
  svIntegration,
  svList,
  t,
  withLeadsServer,
} from "./admin-leads-harness";

withLeadsServer();

describe("contacts", () => {
  it("lists the website's contacts with links to each one", async () => {
    const owner = await signIn(SV_OWNER);
    const res = await get(`/owner/websites/${sv}/contacts`, owner.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const html = await res.text();
    for (const email of ["anna@exempel.se", "bertil@exempel.se", "cecilia@exempel.se"]) expect(html).toContain(email);
    expect(html).not.toContain("secret-store-lead@example.com");
    expect(html).toContain(`/owner/websites/${sv}/contacts/${anna}`);
    expect(html).toContain("Export CSV");
  });

  it("filters by search, CTA, list, date and consent", async () => {
    const owner = await signIn(SV_OWNER);
    const emails = async (query: string) => {
      const html = await (await get(`/owner/websites/${sv}/contacts?${query}`, owner.cookie)).text();
      return ["anna", "bertil", "cecilia"].filter((n) => html.includes(`${n}@exempel.se`));
    };
    expect(await emails("q=ANNA")).toEqual(["anna"]);
    expect(await emails(`cta=${svCta}`)).toEqual(["anna"]);
    expect(await emails(`cta=${svCta2}`)).toEqual(["bertil"]);
    expect(await emails(`cta=${storeCta}`)).toEqual([]);
    expect(await emails(`list=${svList}`)).toEqual(["anna"]);
    expect(await emails(`list=${storeList}`)).toEqual([]);
    expect(await emails("consent=marketing")).toEqual(["anna"]);
    expect(await emails("consent=no-marketing")).toEqual(["bertil", "cecilia"]);
    const from = new Date(Date.now() - 15 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    expect(await emails(`from=${from}`)).toEqual(["anna", "bertil"]);
    const to = new Date(Date.now() - 5 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    expect(await emails(`from=${from}&to=${to}`)).toEqual(["bertil"]);
    // Malformed filters are ignored, not errors.
    expect(await emails("cta=abc&from=2026-13-45&consent=maybe")).toEqual(["anna", "bertil", "cecilia"]);
  });

  it("shows a contact's answers, consents, submissions, events, lists and sync status", async () => {
    const owner = await signIn(SV_OWNER);
    const res = await get(`/owner/websites/${sv}/contacts/${anna}`, owner.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const text of [
      "Anna Andersson",
      "anna@exempel.se",
      "+46701234567",
      "Säljchef",
      "team_size",
      "Nyhetsbrev – sidfot",
      "https://saljakademin.se/blogg/",
      "Submission",
      "View",
      "Order",
      "Nyhetsbrev",
      "The list 1 does not exist in the tool",
      "Given",
      "Not asked",
    ]) {
      expect(html, text).toContain(text);
    }
  });

  it("exports the filtered list as CSV, formulas neutralised", async () => {
    const owner = await signIn(SV_OWNER);
    const res = await get(`/owner/websites/${sv}/contacts/export?consent=no-marketing`, owner.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="contacts-Saljakademin-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv(await res.text());
    const header = rows[0];
    const emails = rows.slice(1).map((r) => r[header.indexOf("email")]);
    expect(emails).toEqual(["bertil@exempel.se", "cecilia@exempel.se"]);
    const bertilRow = rows.find((r) => r[header.indexOf("email")] === "bertil@exempel.se")!;
    expect(bertilRow[header.indexOf("name")]).toBe('\'=HYPERLINK("http://evil")');
    expect(bertilRow[header.indexOf("marketing_consent")]).toBe("false");

    const all = parseCsv(await (await get(`/owner/websites/${sv}/contacts/export?q=anna`, owner.cookie)).text());
    const h = all[0];
    expect(all).toHaveLength(2);
    expect(all[1][h.indexOf("cta")]).toBe("Nyhetsbrev – sidfot");
    expect(all[1][h.indexOf("lists")]).toBe("Nyhetsbrev");
    expect(all[1][h.indexOf("answer:roll")]).toBe("Säljchef");
    expect(all[1][h.indexOf("answer:team_size")]).toBe("12");
  });

  it("downloads everything about a contact as JSON", async () => {
    const owner = await signIn(SV_OWNER);
    const res = await get(`/owner/websites/${sv}/contacts/${anna}/export`, owner.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="contact-/);
    const body = (await res.json()) as {
      person: { email: string };
      events: unknown[];
      submissions: unknown[];
      orders: unknown[];
    };
    expect(body.person.email).toBe("anna@exempel.se");
    expect(body.events).toHaveLength(4);
    expect(body.submissions).toHaveLength(1);
    expect(body.orders).toHaveLength(1);
  });

  it("retries a failed sync of the contact", async () => {
    const owner = await signIn(SV_OWNER);
    const res = await ownerPost(owner, `/owner/websites/${sv}/contacts/${anna}`, {
      intent: "retry-sync",
      jobId: String(failedJob),
    });
    expect(res.status).toBe(200);
    expect((await t.db.syncJob.findUniqueOrThrow({ where: { id: failedJob } })).status).toBe("pending");
    await t.db.syncJob.update({
      where: { id: failedJob },
      data: { status: "failed", lastError: "The list 1 does not exist in the tool" },
    });
  });
});

describe("results", () => {
  it("shows the prizes won per CTA, variant and prize beside each limit, and the unique codes handed out", async () => {
    const doc = await saveCtaDocument(
      t.db,
      sv,
      ctaWithElements(
        [
          {
            element_type: "prize_wheel",
            options: {
              prizes: [
                { id: "big", label: "Gratis kurs", kind: "discount_code", code: "KURS", weight: 1, limit: 5 },
                { id: "miss", label: "Ingen vinst", kind: "no_luck", weight: 3 },
              ],
            },
          },
        ],
        { name: "Lyckohjul på Results", status: "published", unique_codes: { source: "pool" } },
      ),
    );
    const [variant] = doc.variants;
    const elementId = variant.steps[0].sections[0].columns[0].elements[0].id!;
    const prizes = prizesOf(variant.steps[0].sections[0].columns[0].elements[0]);
    const player = { websiteId: sv, ctaId: doc.id!, variantId: variant.id!, elementId, personId: anna };
    // Every prize but "big" taken out of the draw in turn, so the counts are known: 2 big, 1 miss.
    for (const [i, wanted] of ["big", "big", "miss"].entries())
      await drawFor(
        t.db,
        { ...player, email: `hjul${i}@exempel.se` },
        prizes.filter((p) => p.id === wanted),
      );
    await addCodes(t.db, sv, doc.id!, "pool", ["RES-0001", "RES-0002", "RES-0003"]);
    await t.db.discountCode.updateMany({
      where: { ctaId: doc.id!, code: { in: ["RES-0001", "RES-0002"] } },
      data: { status: "issued", variantId: variant.id!, personId: anna, issuedAt: new Date() },
    });
    await t.db.discountCode.update({
      where: { websiteId_code: { websiteId: sv, code: "RES-0002" } },
      data: { status: "redeemed" },
    });

    const owner = await signIn(SV_OWNER);
    const page = await html(await get(`/owner/websites/${sv}/results?cta=${doc.id}`, owner.cookie));
    const cells = (title: string) => {
      const card = page.slice(page.indexOf(title));
      return [...card.slice(0, card.indexOf("</table>")).matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/g)].map((m) =>
        m[1].replace(/<[^>]+>/g, ""),
      );
    };
    expect(cells("Prizes won")).toEqual(
      expect.arrayContaining(["Lyckohjul på Results", "A", "Gratis kurs", "2", "5", "Ingen vinst", "1", "No limit"]),
    );
    expect(cells("Unique discount codes").slice(-4)).toEqual(["Lyckohjul på Results", "A", "2", "1"]);
    // Another CTA's page shows neither.
    const other = await html(await get(`/owner/websites/${sv}/results?cta=${svCta}`, owner.cookie));
    expect(other).not.toContain("Prizes won");
  });

  it("shows views, conversions, rate and revenue per CTA", async () => {
    const owner = await signIn(SV_OWNER);
    const res = await get(`/owner/websites/${sv}/results?cta=${svCta}`, owner.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Nyhetsbrev – sidfot");
    // Anna and Bertil viewed, Anna left her e-mail (a lead: the form's goal), and her order followed.
    expect(html).toMatch(/Views<\/h3><p[^>]*>2<\/p>/);
    expect(html).toMatch(/Unique viewers<\/h3><p[^>]*>2<\/p>/);
    expect(html).toMatch(/Leads<\/h3><p[^>]*>1<\/p>/);
    expect(html).toMatch(/Conversion rate<\/h3><p[^>]*>50\.0%<\/p>/);
    expect(html).toContain("SEK");
    expect(html).toContain("1,990.00");
  });

  it("says 'Not enough data yet' below the minimum sample, and gives probabilities above it", async () => {
    const owner = await signIn(SV_OWNER);
    const before = await (await get(`/owner/websites/${sv}/results?cta=${abCta}`, owner.cookie)).text();
    expect(before).toContain("A/B test:");
    expect(before).toContain("Not enough data yet");

    const rows: Parameters<typeof events>[1] = [];
    // A lead is a submission with contact data: the form's goal, so each converter leaves an e-mail.
    const lead = async (letter: "a" | "b", i: number) => {
      const person = await contact(sv, { email: `ab-${letter}-${i}@exempel.se` });
      const variantId = abVariants[letter];
      await t.db.contactSubmission.create({
        data: {
          websiteId: sv,
          clientId: `sub-ab-${letter}-${i}`,
          personId: person.id,
          email: person.email,
          ctaId: abCta,
          variantId,
          payload: { email: person.email },
        },
      });
      rows.push({ type: "Submission", personId: person.id, token: person.visitorToken, ctaId: abCta, variantId });
      return person;
    };
    // Every event the widget sends names its visitor (storeEvents refuses unknown ones): unique viewers are people.
    const visitor = (letter: string, i: number) =>
      t.db.person.create({
        data: { websiteId: sv, visitorToken: `ab-${letter}-${i}`, personType: "Visitor", extra: {}, data: {} },
      });
    for (let i = 0; i < 150; i++) {
      const a = i < 6 ? await lead("a", i) : await visitor("a", i);
      const b = i < 18 ? await lead("b", i) : await visitor("b", i);
      rows.push({ type: "View", personId: a.id, token: a.visitorToken, ctaId: abCta, variantId: abVariants.a });
      rows.push({ type: "View", personId: b.id, token: b.visitorToken, ctaId: abCta, variantId: abVariants.b });
    }
    await events(sv, rows);
    const after = await html(await get(`/owner/websites/${sv}/results?cta=${abCta}`, owner.cookie));
    expect(after).not.toContain("Not enough data yet");
    expect(after).toContain("Probability to beat A");
    // 6/150 against 18/150: P(B beats A) = 0.9946.
    expect(after).toContain("Variant B beats the control (A) with a probability of 99.5%: a clear result.");
  });

  it("marks a winner (100% of the traffic) and splits evenly again", async () => {
    const owner = await signIn(SV_OWNER);
    const res = await ownerPost(owner, `/owner/websites/${sv}/results?cta=${abCta}`, {
      intent: "winner",
      ctaId: String(abCta),
      variantId: String(abVariants.b),
      letter: "B",
    });
    expect(res.status).toBe(200);
    const variants = await t.db.ctaVariant.findMany({ where: { ctaId: abCta }, orderBy: { position: "asc" } });
    expect(variants.map((v) => [v.variation, v.winner, v.percentage])).toEqual([
      ["A", false, 0],
      ["B", true, 100],
    ]);
    const html = await (await get(`/owner/websites/${sv}/results?cta=${abCta}`, owner.cookie)).text();
    expect(html).toContain("Winner: variant B");

    // A variant of another CTA is refused.
    const wrong = await ownerPost(owner, `/owner/websites/${sv}/results`, {
      intent: "winner",
      ctaId: String(abCta),
      variantId: String(await firstVariant(svCta)),
    });
    expect(wrong.status).toBe(404);

    const clear = await ownerPost(owner, `/owner/websites/${sv}/results`, {
      intent: "clear-winner",
      ctaId: String(abCta),
    });
    expect(clear.status).toBe(200);
    const again = await t.db.ctaVariant.findMany({ where: { ctaId: abCta }, orderBy: { position: "asc" } });
    expect(again.map((v) => [v.winner, v.percentage])).toEqual([
      [false, 50],
      [false, 50],
    ]);
  });
});

describe("integrations", () => {
  it("connects a tool without ever showing its key again", async () => {
    const owner = await signIn(SV_OWNER);
    const bad = await ownerPost(owner, `/owner/websites/${sv}/integrations`, {
      intent: "connect",
      type: "mailchimp",
      apiKey: "no-datacenter",
    });
    expect(bad.status).toBe(422);
    const res = await ownerPost(owner, `/owner/websites/${sv}/integrations`, {
      intent: "connect",
      type: "klaviyo",
      name: "Klaviyo SE",
      apiKey: "pk_secret_key_9876",
    });
    expect(res.status).toBe(200);
    const row = await t.db.integration.findFirstOrThrow({ where: { websiteId: sv, integrationType: "klaviyo" } });
    expect(row.credentials).toEqual({ api_key: "pk_secret_key_9876" });
    const html = await (await get(`/owner/websites/${sv}/integrations`, owner.cookie)).text();
    expect(html).toContain("Klaviyo SE");
    expect(html).toContain("…9876");
    expect(html).not.toContain("pk_secret_key_9876");
    expect(html).toContain("The list 1 does not exist in the tool");
  });

  it("adds a list, sends a CTA's leads to it, refuses to drop it while used, then removes both", async () => {
    const owner = await signIn(SV_OWNER);
    const klaviyo = await t.db.integration.findFirstOrThrow({ where: { websiteId: sv, integrationType: "klaviyo" } });
    const path = `/owner/websites/${sv}/integrations`;
    expect(
      (
        await ownerPost(owner, path, {
          intent: "add-list",
          integrationId: String(klaviyo.id),
          listId: "XyZ12",
          listName: "Kunder",
        })
      ).status,
    ).toBe(200);
    expect(
      (await ownerPost(owner, path, { intent: "add-list", integrationId: String(klaviyo.id), listId: "XyZ12" })).status,
    ).toBe(409);

    const form = await t.db.ctaElement.findFirstOrThrow({
      where: { elementType: "form", column: { section: { step: { variant: { ctaId: svCta } } } } },
    });
    const add = await ownerPost(owner, path, {
      intent: "add-action",
      ctaId: String(svCta),
      elementId: String(form.id),
      actionType: "subscribe_list",
      target: `${klaviyo.id}:XyZ12`,
    });
    expect(add.status).toBe(200);
    const action = await t.db.action.findFirstOrThrow({ where: { elementId: form.id, integrationId: klaviyo.id } });
    expect(action.actionType).toBe("subscribe_list");
    expect(action.data).toEqual({ list_id: "XyZ12" });
    const tag = await ownerPost(owner, path, {
      intent: "add-action",
      ctaId: String(svCta),
      elementId: String(form.id),
      actionType: "add_tag",
      target: `${klaviyo.id}:`,
      tag: "webinar",
    });
    expect(tag.status).toBe(200);
    expect(
      await t.db.action.count({
        where: { elementId: form.id, integrationId: klaviyo.id, actionType: "add_tag", tagId: "webinar" },
      }),
    ).toBe(1);
    // An element of another website's CTA is refused.
    const storeForm = await t.db.ctaElement.findFirstOrThrow({
      where: { column: { section: { step: { variant: { cta: { websiteId: store } } } } } },
    });
    expect(
      (
        await ownerPost(owner, path, {
          intent: "add-action",
          ctaId: String(svCta),
          elementId: String(storeForm.id),
          actionType: "add_tag",
          target: `${klaviyo.id}:`,
          tag: "x",
        })
      ).status,
    ).toBe(404);

    const html = await (await get(path, owner.cookie)).text();
    expect(html).toContain("Subscribe to Kunder (XyZ12) in Klaviyo SE");

    const list = await t.db.mailingList.findFirstOrThrow({ where: { integrationId: klaviyo.id, listId: "XyZ12" } });
    const refused = await ownerPost(owner, path, { intent: "remove-list", listRowId: String(list.id) });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Nyhetsbrev – sidfot");
    expect((await ownerPost(owner, path, { intent: "disconnect", integrationId: String(klaviyo.id) })).status).toBe(
      409,
    );

    for (const a of await t.db.action.findMany({ where: { integrationId: klaviyo.id } })) {
      expect(
        (await ownerPost(owner, path, { intent: "remove-action", ctaId: String(svCta), actionId: String(a.id) }))
          .status,
      ).toBe(200);
    }
    expect((await ownerPost(owner, path, { intent: "remove-list", listRowId: String(list.id) })).status).toBe(200);
    expect((await ownerPost(owner, path, { intent: "disconnect", integrationId: String(klaviyo.id) })).status).toBe(
      200,
    );
    expect(await t.db.integration.count({ where: { id: klaviyo.id } })).toBe(0);
    // The CTA's own built-in list action is still there.
    expect(await t.db.action.count({ where: { elementId: form.id, actionType: "subscribe_list" } })).toBe(1);
  });

  it("retries failed syncs", async () => {
    const owner = await signIn(SV_OWNER);
    const res = await ownerPost(owner, `/owner/websites/${sv}/integrations`, {
      intent: "retry-all",
      integrationId: String(svIntegration),
    });
    expect(res.status).toBe(200);
    expect((await t.db.syncJob.findUniqueOrThrow({ where: { id: failedJob } })).status).toBe("pending");
  });
});

describe("deleting a contact", () => {
  it("needs a confirmation", async () => {
    const owner = await signIn(SV_OWNER);
    const res = await ownerPost(owner, `/owner/websites/${sv}/contacts/${anna}`, { intent: "delete" });
    expect(res.status).toBe(400);
    expect(await t.db.person.count({ where: { id: anna } })).toBe(1);
  });

  it("removes the person with their events, submissions, orders, memberships and syncs, and nobody else's", async () => {
    const owner = await signIn(SV_OWNER);
    const token = (await t.db.person.findUniqueOrThrow({ where: { id: anna } })).visitorToken;
    const othersBefore = await t.db.trackedEvent.count({ where: { NOT: { visitorToken: token } } });
    const res = await ownerPost(owner, `/owner/websites/${sv}/contacts/${anna}`, { intent: "delete", confirm: "yes" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/owner/websites/${sv}/contacts?deleted=1`);
    expect(await t.db.person.count({ where: { id: anna } })).toBe(0);
    expect(await t.db.trackedEvent.count({ where: { OR: [{ personId: anna }, { visitorToken: token }] } })).toBe(0);
    expect(await t.db.contactSubmission.count({ where: { personId: anna } })).toBe(0);
    expect(await t.db.order.count({ where: { personId: anna } })).toBe(0);
    expect(await t.db.mailingListMembership.count({ where: { personId: anna } })).toBe(0);
    expect(await t.db.syncJob.count({ where: { personId: anna } })).toBe(0);
    expect(await t.db.trackedEvent.count({ where: { NOT: { visitorToken: token } } })).toBe(othersBefore);
    expect(await t.db.person.count({ where: { id: { in: [bertil, cecilia, storeLead] } } })).toBe(3);

    const page = await (await get(`/owner/websites/${sv}/contacts?deleted=1`, owner.cookie)).text();
    expect(page).toContain("were deleted");
    expect(page).not.toContain("anna@exempel.se");
    // Gone is gone: a second delete is a 404.
    expect(
      (await ownerPost(owner, `/owner/websites/${sv}/contacts/${anna}`, { intent: "delete", confirm: "yes" })).status,
    ).toBe(404);
  });
});
