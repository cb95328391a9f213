/**
 * Typed factories for the integrations tests: a website, its integrations,
 * and a CTA whose form element carries list actions.
 */
import { randomBytes } from "node:crypto";
import type { Db } from "#app/db.server";
import type { ContactInput } from "#contract/schema/public-api";

export const token = () => randomBytes(16).toString("hex");
export const clientId = () => randomBytes(10).toString("hex");

/** A website (the Swedish host site's settings unless overridden). */
export async function websiteMock(db: Db, overrides: { contactProcessing?: boolean; defaultCountry?: string } = {}) {
  return db.website.create({
    data: {
      name: `Site ${randomBytes(3).toString("hex")}`,
      currency: "SEK",
      currencyCharacter: "kr",
      defaultCountry: overrides.defaultCountry ?? "SE",
      dataSettings: { "contact-processing": overrides.contactProcessing ?? true },
    },
  });
}

/** An integration of a type with credentials and settings. */
export async function integrationMock(
  db: Db,
  websiteId: number,
  integrationType: string,
  credentials: object = {},
  syncSettings: object = {},
) {
  return db.integration.create({
    data: { websiteId, integrationType, name: integrationType, actionTypes: {}, syncSettings, credentials },
  });
}

export interface ActionSpec {
  actionType: string;
  integrationId: number | null;
  data?: Record<string, unknown>;
  tagId?: string | null;
}

/** A published CTA with one form element that has the given actions; returns the ids. */
export async function formCtaMock(
  db: Db,
  websiteId: number,
  actions: ActionSpec[],
  elementOptions: Record<string, unknown> = {},
) {
  const cta = await db.cta.create({
    data: { websiteId, name: "Newsletter", ctaType: "inline", status: "published", options: {} },
  });
  const variant = await db.ctaVariant.create({ data: { ctaId: cta.id, variation: "A", options: {} } });
  const step = await db.ctaStep.create({ data: { variantId: variant.id, position: 0, options: {} } });
  const section = await db.ctaSection.create({ data: { stepId: step.id, position: 0, options: {} } });
  const column = await db.ctaColumn.create({ data: { sectionId: section.id, position: 0, options: {} } });
  const element = await db.ctaElement.create({
    data: { columnId: column.id, position: 0, elementType: "form", options: elementOptions as object },
  });
  const created = [];
  for (const a of actions) {
    created.push(
      await db.action.create({
        data: {
          websiteId,
          ctaId: cta.id,
          actionType: a.actionType,
          tagId: a.tagId ?? null,
          contactableType: "Element",
          elementId: element.id,
          integrationId: a.integrationId,
          data: (a.data ?? {}) as object,
        },
      }),
    );
  }
  return { ctaId: cta.id, variantId: variant.id, stepId: step.id, elementId: element.id, actions: created };
}

/** A form submission payload. */
export function contactMock(overrides: Partial<ContactInput> = {}): ContactInput {
  return {
    id: clientId(),
    visitor_token: token(),
    email: `anna.${randomBytes(3).toString("hex")}@acme-sales.se`,
    name: "Anna",
    last_name: "Svensson",
    marketing_consent: true,
    contactable_type: "Cta",
    ...overrides,
  } as ContactInput;
}
