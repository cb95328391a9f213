/** The renderer's pure modules: merge tags, timers, person actions, confirmations, form rules, phones and videos. */
import { describe, expect, it } from "vitest";
import { applyPersonActions } from "#widget/render/actions";
import { confirmationGroup, normalizeRedirect, outcomeOf, withQueryString } from "#widget/render/confirmation";
import { en } from "#contract/i18n/en";
import { shownFields, validateForm, validityMessage } from "#widget/render/form-logic";
import { escapeHtml, mergeTags } from "#widget/render/merge-tags";
import { bool, num, str } from "#widget/render/options";
import { DEFAULT_PHONE_COUNTRY, normalizePhone } from "#widget/render/phone";
import { validationErrors } from "#widget/render/server-validation";
import { isWebFont } from "#widget/render/styles";
import {
  nextDaily,
  relativeDuration,
  remaining,
  RELATIVE_DEFAULTS,
  timerEnd,
  visibleUnits,
  zoneOffset,
} from "#widget/render/timer-logic";
import { embedUrl, parseVideo, POLL_MS } from "#widget/render/video";
import { personMock } from "./factories";
import { groupMock, swedishElementMock, swedishFieldMock } from "#test/support/factories";

describe("merge tags", () => {
  const person = personMock({ name: "Anna", extra: { bransch: "Bygg" }, email: "a@b.se" });
  it("fill person fields, custom answers and given values, with fallback text when missing", () => {
    expect(mergeTags("Hej {{name}}!", {}, person)).toBe("Hej Anna!");
    expect(mergeTags("Hej {{ first_name | du }}!", {}, null)).toBe("Hej du!");
    expect(mergeTags("{{extra.bransch}} / {{bransch}} / {{person.email}}", {}, person)).toBe("Bygg / Bygg / a@b.se");
    expect(mergeTags("{{quiz.score|0}} poäng", { "quiz.score": 12 }, person)).toBe("12 poäng");
    expect(mergeTags("{{kurser}}", { kurser: ["A", "B"] }, null)).toBe("A, B");
    expect(mergeTags("{{saknas}}", {}, person)).toBe("");
    expect(mergeTags("{{data}}", {}, person)).toBe("");
  });
  it("escape person values in HTML; the owner's fallback stays HTML", () => {
    const evil = personMock({ name: '<img src=x onerror="alert(1)">' });
    expect(mergeTags("<p>{{name}}</p>", {}, evil, true)).toBe("<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</p>");
    expect(mergeTags("<p>{{name|<b>vän</b>}}</p>", {}, null, true)).toBe("<p><b>vän</b></p>");
    expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#39;");
  });
});

describe("options", () => {
  it("read strings, booleans and numbers as admins write them", () => {
    const o = { a: "x", n: 5, s: "7", t: "true", f: false, e: "" };
    expect([str(o, "a"), str(o, "n"), str(o, "missing")]).toEqual(["x", "5", ""]);
    expect([bool(o, "t"), bool(o, "f", true), bool(o, "missing", true), bool(o, "e", true)]).toEqual([
      true,
      false,
      true,
      true,
    ]);
    expect([num(o, "n", 0), num(o, "s", 0), num(o, "a", 3), num(o, "e", 4)]).toEqual([5, 7, 3, 4]);
  });
});

describe("timers", () => {
  const at = Date.parse("2026-03-01T10:00:00Z");
  it("static ends at its date; an unparsable one never shows", () => {
    expect(timerEnd({ "timer-type": "static", "end-date": "2026-03-02T10:00:00Z" }, at)).toBe(at + 86_400_000);
    expect(timerEnd({ "end-date": "snart" }, at)).toBeNull();
  });
  it("daily ends at the next hh:mm in its time zone, across DST", () => {
    expect(zoneOffset("Europe/Stockholm", at)).toBe(3_600_000);
    expect(new Date(nextDaily("18:00", "Europe/Stockholm", at)!).toISOString()).toBe("2026-03-01T17:00:00.000Z");
    expect(new Date(nextDaily("09:00", "Europe/Stockholm", at)!).toISOString()).toBe("2026-03-02T08:00:00.000Z");
    // Summer time: 18:00 in Stockholm is 16:00 UTC.
    expect(new Date(nextDaily("18:00", "Europe/Stockholm", Date.parse("2026-07-01T10:00:00Z"))!).toISOString()).toBe(
      "2026-07-01T16:00:00.000Z",
    );
    expect(timerEnd({ "timer-type": "daily", "end-time": "nope" }, at)).toBeNull();
  });
  it("relative: unset units default to 0 d 23 h 59 min 59 s; an all-zero timer is already over", () => {
    expect(RELATIVE_DEFAULTS).toEqual({ days: 0, hours: 23, minutes: 59, seconds: 59 });
    expect(relativeDuration({})).toBe(((23 * 60 + 59) * 60 + 59) * 1000);
    expect(relativeDuration({ days: 0, hours: 0, minutes: 0, seconds: 0 })).toBe(0);
    expect(timerEnd({ "timer-type": "relative", days: 0, hours: 0, minutes: 0, seconds: 0 }, at + 5000, at)).toBe(at);
    expect(timerEnd({ "timer-type": "relative", hours: 2, minutes: 0, seconds: 0 }, at + 5000, at)).toBe(
      at + 7_200_000,
    );
  });
  it("hide days, hours and minutes when zero and all larger units are zero; seconds always show", () => {
    const units = (ms: number) => visibleUnits(remaining(at + ms, at));
    expect(units(3 * 86_400_000 + 5000)).toEqual(["days", "hours", "minutes", "seconds"]);
    expect(units(3_600_000)).toEqual(["hours", "minutes", "seconds"]);
    expect(units(61_000)).toEqual(["minutes", "seconds"]);
    expect(units(59_000)).toEqual(["seconds"]);
    expect(remaining(at - 1, at)).toEqual({ total: 0, days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe("actions on the local person", () => {
  const scope = { ctaId: 7, variantId: 11, scoreField: "poang" };
  it("tags, custom fields, scores per variant or global, and integration list and tag entries", () => {
    const person = personMock({ data: { tags: ["a"], score: 2, scores: { "7-11": 4 } } });
    const { person: p, score } = applyPersonActions(
      person,
      [
        { action_type: "add_tag", tag_id: "b", data: {} },
        { action_type: "remove_tag", tag_id: "a", data: {} },
        { action_type: "add_tag", tag_id: "b", data: {} },
        { action_type: "update_field", data: { field: "roll", value: "chef" } },
        { action_type: "add_score", data: { score: 3 } },
        { action_type: "subtract_score", data: { score: 1, scope: "global" } },
        { action_type: "subscribe_list", integration_id: 5, data: { list_id: "2" } },
        { action_type: "subscribe_list", integration_id: 5, data: { list_id: "3" } },
        { action_type: "unsubscribe_list", integration_id: 5, data: { list_id: "2" } },
        { action_type: "add_list_tag", integration_id: 5, tag_id: "vip", data: {} },
        { action_type: "remove_list_tag", integration_id: 5, tag_id: "gone", data: {} },
        { action_type: "add_to_cart", data: {} },
      ],
      scope,
    );
    expect(p.data).toEqual({
      tags: ["b"],
      score: 1,
      scores: { "7-11": 7 },
      integrations: { "5": { lists: ["3"], tags: ["vip"] } },
    });
    expect(p.extra).toEqual({ roll: "chef", poang: 7 });
    expect(score).toBe(1);
    // The original is untouched: the caller decides when to apply and save.
    expect(person.data).toEqual({ tags: ["a"], score: 2, scores: { "7-11": 4 } });
  });
  it("update_score sets the score", () => {
    expect(applyPersonActions(personMock(), [{ action_type: "update_score", data: { score: "9" } }], scope).score).toBe(
      9,
    );
  });
});

describe("confirmations", () => {
  it("default to the message Thanks! and read redirect and step groups", () => {
    expect(outcomeOf(undefined, "", en.thanks)).toEqual({ type: "message", html: "Thanks!" });
    expect(
      outcomeOf(
        groupMock({ data: { "confirmation-type": "redirect", "redirect-url": "x.se", "query-string": true } }),
        "?a=1",
        en.thanks,
      ),
    ).toEqual({
      type: "redirect",
      url: "http://x.se?a=1",
      newTab: false,
    });
    expect(outcomeOf(groupMock({ data: { "confirmation-type": "step", "redirect-step": 2 } }), "", en.thanks)).toEqual({
      type: "step",
      position: 2,
    });
    const data = { "confirmation-type": "anchor" as const, "anchor-selector": "#a" };
    expect(outcomeOf(groupMock({ data }), "", en.thanks)).toEqual({ type: "anchor", data });
    expect(normalizeRedirect("/tack")).toBe("/tack");
    expect(normalizeRedirect("//evil.example")).toBe("http://evil.example");
    expect(withQueryString("https://x.se/t#h", "?q=1")).toBe("https://x.se/t?q=1#h");
  });
  it("pick the first active group of the element whose conditions pass, else the step's; quiz groups never confirm", () => {
    const el = swedishElementMock({
      action_groups: [
        groupMock({ id: 1, field_id: 9 }),
        groupMock({
          id: 2,
          position: 1,
          conditions: [{ position: 0, condition_type: "tag", operator: "and", data: {} }],
        }),
        groupMock({ id: 3, position: 2 }),
      ],
    });
    expect(confirmationGroup(el, undefined, (g) => !g.conditions.length)!.id).toBe(3);
    expect(confirmationGroup(el, undefined, () => true)!.id).toBe(2);
  });
});

describe("form rules", () => {
  it("use the SPEC 5 messages for native validity", () => {
    const v = {
      valid: false,
      valueMissing: false,
      typeMismatch: false,
      badInput: false,
      rangeOverflow: false,
      rangeUnderflow: false,
      stepMismatch: false,
      tooLong: false,
      tooShort: false,
    };
    expect(validityMessage({ ...v, typeMismatch: true }, { type: "url" }, en)).toBe("Please enter a valid URL.");
    expect(validityMessage({ ...v, badInput: true }, { type: "number" }, en)).toBe("Please enter a valid number.");
    expect(validityMessage({ ...v, rangeUnderflow: true }, { type: "number", min: "1" }, en)).toBe(
      "Please enter a value greater than or equal to 1.",
    );
    expect(validityMessage({ ...v, stepMismatch: true }, { type: "number", step: "5" }, en)).toBe(
      "Please enter a multiple of 5.",
    );
    expect(validityMessage({ ...v, tooShort: true }, { type: "text", minLength: 3 }, en)).toBe(
      "Please enter at least 3 characters.",
    );
    expect(validityMessage({ ...v, tooLong: true }, { type: "text", maxLength: 9 }, en)).toBe(
      "Please enter no more than 9 characters.",
    );
    expect(validityMessage({ ...v, valid: true }, { type: "text" }, en)).toBeNull();
  });
  it("make a phone optional only beside a shown e-mail", () => {
    const phone = swedishFieldMock({ slug: "phone", options: { type: "tel" } });
    expect(validateForm([phone], { phone: "" }, en)).toEqual({ phone: en.required });
    expect(validateForm([swedishFieldMock(), phone], { email: "a@b.se", phone: "" }, en)).toEqual({});
    expect(
      validateForm([swedishFieldMock(), phone], { email: "a@b.se", phone: "" }, en, { phoneRequired: true }),
    ).toEqual({ phone: en.required });
  });
  it("show every form field in position order, however many (a horizontal form wraps them)", () => {
    const fields = [5, 4, 3, 2, 1].map((i) => swedishFieldMock({ slug: "f" + i, position: i }));
    fields.push(
      swedishFieldMock({ slug: "h", field_type: "hidden", position: 0 }),
      swedishFieldMock({ slug: "quiz", field_type: "emoji", position: 9 }),
    );
    expect(shownFields(fields).map((f) => f.slug)).toEqual(["h", "f1", "f2", "f3", "f4", "f5"]);
  });
  it("turn server answers into the SPEC 8 messages", () => {
    expect(
      validationErrors(
        { email: { valid: false, message: "Please enter a valid email address" } },
        { email: "email" },
        en,
      ),
    ).toEqual({ email: "Please enter a valid email address." });
    expect(
      validationErrors({ email: { valid: true }, phone: { valid: false } }, { email: "email", phone: "tel" }, en),
    ).toEqual({ tel: "Please enter a valid phone number." });
    expect(validationErrors(null, { email: "email" }, en)).toEqual({});
  });
});

describe("phones", () => {
  it("get the dial code of the site's country when written without a plus (default US)", async () => {
    expect(DEFAULT_PHONE_COUNTRY).toBe("US");
    expect(await normalizePhone("070-123 45 67", "SE")).toBe("+46701234567");
    expect(await normalizePhone("(212) 555-0123", null)).toBe("+12125550123");
    expect(await normalizePhone("+46 (0)70 123 45 67", "US")).toBe("+46701234567");
    // Too short to be a number anywhere: the dial code and the digits.
    expect(await normalizePhone("1234", "SE")).toBe("+461234");
  });
});

describe("videos and fonts", () => {
  it("recognise YouTube, Vimeo and Wistia addresses", () => {
    expect(parseVideo("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1")).toEqual({
      provider: "youtube",
      id: "dQw4w9WgXcQ",
    });
    expect(parseVideo("https://youtu.be/dQw4w9WgXcQ")).toEqual({ provider: "youtube", id: "dQw4w9WgXcQ" });
    expect(parseVideo("https://vimeo.com/76979871")).toEqual({ provider: "vimeo", id: "76979871" });
    expect(parseVideo("https://home.wistia.com/medias/e4a27b971d")).toEqual({ provider: "wistia", id: "e4a27b971d" });
    expect(parseVideo("https://evil.example/video.mp4")).toBeNull();
    expect(embedUrl({ provider: "youtube", id: "abc123" }, true, "https://site.se")).toBe(
      "https://www.youtube-nocookie.com/embed/abc123?enablejsapi=1&rel=0&autoplay=1&mute=1&origin=https%3A%2F%2Fsite.se",
    );
    expect(POLL_MS).toBe(350);
  });
  it("load web fonts only for non-standard families", () => {
    expect(isWebFont("Inter")).toBe(true);
    expect(isWebFont("Arial")).toBe(false);
    expect(isWebFont(" georgia ")).toBe(false);
    expect(isWebFont("")).toBe(false);
  });
});
