/**
 * Writes from a submitter who did not prove the address (issue 21): each
 * tool keeps an existing profile's fields (name, phone, company) and still
 * gets the list change, while a profile it does not have is created whole.
 * A proven submitter's payload (no keep_existing) still updates fields.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { klaviyoProvider } from "#app/integrations/mailing/klaviyo.server";
import { mailchimpProvider } from "#app/integrations/mailing/mailchimp.server";
import { activeCampaignProvider } from "#app/integrations/mailing/activecampaign.server";
import type { SyncPayload } from "#app/integrations/mailing/types";
import { FakeKlaviyo } from "#test/support/fake-providers/klaviyo";
import { FakeMailchimp } from "#test/support/fake-providers/mailchimp";
import { FakeActiveCampaign } from "#test/support/fake-providers/activecampaign";

const attacker = (email: string, keep: boolean): SyncPayload => ({
  contact: {
    email,
    phone: "+46709999999",
    name: "Mallory",
    last_name: "Evil",
    company_name: "Attacker AB",
    company_title: "Thief",
  },
  consents: { marketing: true, sms: true },
  properties: { note: "pwned" },
  ...(keep ? { keep_existing: true } : {}),
});
const victim: SyncPayload = {
  contact: {
    email: "victim@acme-sales.se",
    phone: "+46701234567",
    name: "Vera",
    last_name: "Victim",
    company_name: "Acme Sales",
    company_title: "CEO",
  },
  consents: { marketing: true },
};

const klaviyo = new FakeKlaviyo();
const mailchimp = new FakeMailchimp();
const ac = new FakeActiveCampaign();
beforeAll(async () => void (await Promise.all([klaviyo.start(), mailchimp.start(), ac.start()])));
afterAll(async () => void (await Promise.all([klaviyo.server.stop(), mailchimp.server.stop(), ac.server.stop()])));

describe("Klaviyo", () => {
  const k = () => klaviyoProvider({ apiKey: klaviyo.apiKey, baseUrl: klaviyo.url, timeoutMs: 5000 });

  it("an unproven submission keeps the existing profile's fields and phone, and still subscribes the address", async () => {
    await k().upsertProfile(victim);
    for (const op of [
      () => k().upsertProfile(attacker(victim.contact.email!, true)),
      () => k().subscribe(attacker(victim.contact.email!, true), "7"),
      () => k().addTag(attacker(victim.contact.email!, true), "x"),
    ])
      await op();
    const p = klaviyo.profileByEmail("victim@acme-sales.se")!;
    expect(p.attributes).toMatchObject({
      first_name: "Vera",
      last_name: "Victim",
      organization: "Acme Sales",
      title: "CEO",
    });
    expect(p.phone_number).toBe("+46701234567");
    expect(p.properties.note).toBeUndefined();
    expect(klaviyo.members("7")).toContain("victim@acme-sales.se");
    // No SMS subscription for a phone the submitter could not prove.
    expect(
      klaviyo.subscriptions.filter((s) => s.email === "victim@acme-sales.se").flatMap((s) => s.channels),
    ).not.toContain("sms");
  });

  it("a new address is created whole, and a proven submitter updates fields", async () => {
    await k().upsertProfile(attacker("new-lead@acme-sales.se", true));
    expect(klaviyo.profileByEmail("new-lead@acme-sales.se")!.attributes).toMatchObject({
      first_name: "Mallory",
      organization: "Attacker AB",
    });
    await k().upsertProfile({
      ...attacker("new-lead@acme-sales.se", false),
      contact: { ...attacker("x", false).contact, email: "new-lead@acme-sales.se", name: "Malin" },
    });
    expect(klaviyo.profileByEmail("new-lead@acme-sales.se")!.attributes.first_name).toBe("Malin");
  });

  it("a phone-only unproven submission does not rename the profile holding that phone", async () => {
    await k().upsertProfile({ contact: { email: null, phone: "+46705550000", name: "Pia" }, consents: {} });
    await k().upsertProfile({
      contact: { email: null, phone: "+46705550000", name: "Mallory" },
      consents: {},
      keep_existing: true,
    });
    expect([...klaviyo.profiles.values()].find((p) => p.phone_number === "+46705550000")!.attributes.first_name).toBe(
      "Pia",
    );
  });
});

describe("Mailchimp", () => {
  const m = () =>
    mailchimpProvider({
      apiKey: mailchimp.apiKey,
      baseUrl: mailchimp.url,
      timeoutMs: 5000,
      defaultListId: "a1b2c3d4e5",
    });

  it("keeps an existing member's merge fields, subscribes it, and fills a new member", async () => {
    await m().upsertProfile(victim);
    await m().subscribe(attacker(victim.contact.email!, true), "a1b2c3d4e5");
    await m().addTag(attacker(victim.contact.email!, true), "vip");
    const member = mailchimp.member("a1b2c3d4e5", "victim@acme-sales.se")!;
    expect(member.merge_fields).toMatchObject({ FNAME: "Vera", LNAME: "Victim", PHONE: "+46701234567" });
    expect(member.status).toBe("subscribed");
    await m().subscribe(attacker("fresh@acme-sales.se", true), "a1b2c3d4e5");
    expect(mailchimp.member("a1b2c3d4e5", "fresh@acme-sales.se")!.merge_fields).toMatchObject({ FNAME: "Mallory" });
  });
});

describe("ActiveCampaign", () => {
  const a = () =>
    activeCampaignProvider({ apiKey: ac.apiKey, apiUrl: ac.url, timeoutMs: 5000, allowPrivate: ["127.0.0.1"] });

  it("keeps an existing contact's name and phone, lists it, and fills a new contact", async () => {
    await a().upsertProfile(victim);
    await a().subscribe(attacker(victim.contact.email!, true), "1");
    expect(ac.contactByEmail("victim@acme-sales.se")).toMatchObject({
      firstName: "Vera",
      lastName: "Victim",
      phone: "+46701234567",
    });
    expect(ac.subscribeEvents.some((e) => e.email === "victim@acme-sales.se" && e.list === "1")).toBe(true);
    await a().upsertProfile(attacker("fresh@acme-sales.se", true));
    expect(ac.contactByEmail("fresh@acme-sales.se")).toMatchObject({ firstName: "Mallory", phone: "+46709999999" });
  });
});
