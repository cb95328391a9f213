/**
 * The quiz element end to end (SPEC 4 "Quiz", 7 quiz completion): a branching
 * quiz published on the Swedish site, shown inline in an area of its own on a
 * host page of a fake third-party origin with the generic snippet. A visitor
 * goes through an option jump, presses back once, answers a sub-question and
 * finishes; the stored contact carries the answers by slug and the score, and
 * the Selection and Completion events are stored. Needs a build
 * (`npx tsx scripts/build-widget.ts && npx tsx scripts/build-demo.ts && npx remix vite:build`).
 */
import { expect, it } from "vitest";
import { browser, server, svId, tdb, withE2eStack } from "#test/support/e2e-stack";
import { expectResponse } from "#test/support/expect-request";
import { publishCta, saveCtaDocument } from "#app/models/cta.server";
import type { CtaDocument } from "#contract/schema/cta";
import { genericSnippet } from "#widget/snippet";
import { launchThirdPartyChromium } from "#test/fixtures/render/harness";
import { actionGroupMock, ctaWithElements, fieldInputMock } from "#test/support/factories";

const HOST = "http://shop.test";
const AREA = "quiz-area";

let cta: CtaDocument;

const radio = (
  slug: string,
  position: number,
  label: string,
  field_options: { value: string; label?: string; score?: number; jump_field_id?: number | "next_sub_question" }[],
) => fieldInputMock({ slug, field_type: "radio", position, options: { label }, field_options });

withE2eStack({
  launch: launchThirdPartyChromium,
  beforeServer: async () => {
    const quiz = {
      element_type: "quiz" as const,
      position: 0,
      options: {},
      fields: [
        radio("behov", 0, "Vad behöver ni?", [
          { value: "a", label: "Fler leads", score: 1 },
          { value: "b", label: "Högre avslut", score: 5 },
        ]),
        radio("storlek", 1, "Hur stort är teamet?", [
          { value: "liten", label: "1–5", score: 2 },
          { value: "stor", label: "6+", score: 4 },
        ]),
        radio("budget", 2, "Har ni budget?", [
          { value: "ja", label: "Ja", score: 10, jump_field_id: "next_sub_question" },
          { value: "nej", label: "Nej", score: 0 },
        ]),
        fieldInputMock({
          slug: "belopp",
          field_type: "number",
          position: 3,
          parent_slug: "budget",
          required: true,
          options: { label: "Hur stor budget?", max: 100000 },
        }),
      ],
      action_groups: [
        actionGroupMock({ data: { "confirmation-type": "message", confirmation: "<p>Din poäng: {{quiz.score}}</p>" } }),
      ],
    };
    const input = ctaWithElements([quiz], {
      name: "Säljquiz",
      cta_type: "inline",
      overlay_type: null,
      inline_type: "embed",
      options: { area: AREA },
    });
    const first = await saveCtaDocument(tdb.db, svId, input);
    // Option B jumps over "storlek" to "budget": a jump names a field id, known once saved.
    const el = first.variants[0].steps[0].sections[0].columns[0].elements[0];
    const budgetId = el.fields.find((f) => f.slug === "budget")!.id!;
    el.fields.find((f) => f.slug === "behov")!.field_options[1].jump_field_id = budgetId;
    cta = await saveCtaDocument(tdb.db, svId, first);
    await publishCta(tdb.db, svId, cta.id!);
  },
});

function hostPage(): string {
  return `<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>Säljakademin</title></head>
<body><main><h1>Testa er säljorganisation</h1><div id="quiz" data-beckon-area="${AREA}"></div></main>
<script>window.__events=[];["cfReady","cfView","cfAnswer","cfCompletion","cfConversion"].forEach(function(n){document.addEventListener(n,function(e){window.__events.push([n,e.detail])})});</script>
${genericSnippet({ origin: server.origin, websiteId: svId })}
</body></html>`;
}

it("completes a branching quiz (a jump, one back, a sub-question) and stores the answers, score and events", async () => {
  const context = await browser.newContext({ locale: "sv-SE" });
  const p = await context.newPage();
  const errors: string[] = [];
  p.on("pageerror", (e) => errors.push(e.message));
  await p.route(`${HOST}/**`, (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: hostPage() }));
  await p.goto(HOST + "/");
  const q = p.locator(`#quiz beckon-cta .bk-quiz`);
  const legend = q.locator("legend");
  await legend.waitFor({ timeout: 20_000 });
  expect(await legend.innerText()).toBe("Vad behöver ni?");
  expect(await q.locator(".bk-quiz-back").count()).toBe(0);

  // A, next: q2 in order; back returns to q1.
  await q.getByRole("button", { name: "Fler leads" }).click();
  await q.getByRole("button", { name: "Nästa" }).click();
  await expect.poll(() => legend.innerText()).toBe("Hur stort är teamet?");
  await q.getByRole("button", { name: "Tillbaka" }).click();
  await expect.poll(() => legend.innerText()).toBe("Vad behöver ni?");

  // B jumps to q3; "ja" opens the sub-question.
  await q.getByRole("button", { name: "Högre avslut" }).click();
  await q.getByRole("button", { name: "Nästa" }).click();
  await expect.poll(() => legend.innerText()).toBe("Har ni budget?");
  await q.getByRole("button", { name: "Ja" }).click();
  await q.getByRole("button", { name: "Nästa" }).click();
  await expect.poll(() => legend.innerText()).toBe("Hur stor budget?");
  await q.locator("input[type=number]").fill("50000");
  const created = expectResponse(p, { method: "POST", path: "/contacts/create" });
  await q.getByRole("button", { name: "Nästa" }).click();
  expect((await created).status()).toBe(201);
  await expect
    .poll(() => p.locator("#quiz beckon-cta").getByRole("status").innerText(), { timeout: 10_000 })
    .toBe("Din poäng: 15");

  const el = cta.variants[0].steps[0].sections[0].columns[0].elements[0];
  await expect
    .poll(async () => tdb.db.contactSubmission.count({ where: { websiteId: svId, ctaId: cta.id! } }), {
      timeout: 10_000,
    })
    .toBe(1);
  const sub = await tdb.db.contactSubmission.findFirstOrThrow({ where: { websiteId: svId, ctaId: cta.id! } });
  expect(sub.contactableType).toBe("Cta");
  expect(sub.elementId).toBe(el.id);
  expect(sub.variantId).toBe(cta.variants[0].id);
  expect(sub.stepId).toBe(cta.variants[0].steps[0].id);
  const payload = sub.payload as { extra: Record<string, unknown>; latest_score: number };
  expect(payload.extra).toMatchObject({ behov: "b", budget: "ja", belopp: 50000 });
  expect(payload.extra).not.toHaveProperty("storlek");
  expect(payload.latest_score).toBe(15);

  // Events go through the loader's queue: poll until the Completion and the four Selections are stored.
  const types = async () =>
    (await tdb.db.trackedEvent.findMany({ where: { websiteId: svId, ctaId: cta.id! } })).map((e) => e.eventType);
  await expect.poll(async () => (await types()).filter((t) => t === "Selection").length, { timeout: 15_000 }).toBe(4);
  await expect.poll(async () => (await types()).includes("Completion"), { timeout: 15_000 }).toBe(true);
  const completion = await tdb.db.trackedEvent.findFirstOrThrow({
    where: { websiteId: svId, ctaId: cta.id!, eventType: "Completion" },
  });
  expect((completion.data as { score?: number }).score).toBe(15);

  const fired = await p.evaluate(() => (window as unknown as { __events: [string][] }).__events.map((e) => e[0]));
  expect(fired.filter((n) => n === "cfAnswer")).toHaveLength(4);
  expect(fired).toEqual(expect.arrayContaining(["cfView", "cfCompletion", "cfConversion"]));
  expect(errors).toEqual([]);
  await context.close();
});
