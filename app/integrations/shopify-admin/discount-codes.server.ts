/**
 * Unique discount codes made in the shop (Admin GraphQL, write_discounts):
 * one basic code discount holds the terms (percentage or amount off, a
 * minimum subtotal, once per customer, an end date) and its first code;
 * the rest are added to it in bulk, at most 250 per call. The bulk add is
 * asynchronous: Shopify answers with a bulk creation to follow until it is
 * done, and only the codes it made without errors may be handed out.
 * A userError is permanent (DiscountInputRefused); throttling and outages
 * are AdminApiErrors the caller retries later.
 */
import { randomInt } from "node:crypto";
import { adminGraphql, type AdminGraphqlOptions } from "./admin-graphql.server";
import type { AdminOperations } from "./operations";

type BulkCreationAnswer = AdminOperations[typeof DISCOUNT_REDEEM_CODE_BULK_CREATION]["return"];

/** Shopify's limit of codes per discountRedeemCodeBulkAdd. */
export const MAX_CODES_PER_BULK_ADD = 250;
/** How often to ask whether a bulk creation is done, and how many times before giving up on it for now. */
export const BULK_POLL_MS = 500;
export const BULK_POLL_TRIES = 40;

/** The letters of generated codes: no 0/O or 1/I/L, so a code read aloud or copied by hand survives. */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/** 10 characters of 31: about 8·10^14 codes per prefix, so a clash with an existing code is a rounding error. */
const CODE_RANDOM_CHARS = 10;

/** Shopify refused the discount or its codes (userErrors): the same input cannot succeed on a retry. */
export class DiscountInputRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DiscountInputRefused";
  }
}

/** The terms of the discount every code of a batch carries. */
export interface CodeDiscountTerms {
  title: string;
  kind: "percentage" | "amount";
  /** Percent (1-100) or an amount in the shop's currency. */
  value: number;
  minimumSubtotal: number;
  oncePerCustomer: boolean;
  startsAt: Date;
  /** Null for a discount without an end. */
  endsAt: Date | null;
}

export const DISCOUNT_CODE_BASIC_CREATE = `#graphql
  mutation BeckonDiscountCodeBasicCreate($basicCodeDiscount: DiscountCodeBasicInput!) {
    discountCodeBasicCreate(basicCodeDiscount: $basicCodeDiscount) {
      codeDiscountNode { id }
      userErrors { field message }
    }
  }`;

export const DISCOUNT_REDEEM_CODE_BULK_ADD = `#graphql
  mutation BeckonDiscountRedeemCodeBulkAdd($discountId: ID!, $codes: [DiscountRedeemCodeInput!]!) {
    discountRedeemCodeBulkAdd(discountId: $discountId, codes: $codes) {
      bulkCreation { id }
      userErrors { field message }
    }
  }`;

export const DISCOUNT_REDEEM_CODE_BULK_CREATION = `#graphql
  query BeckonDiscountRedeemCodeBulkCreation($id: ID!, $after: String) {
    discountRedeemCodeBulkCreation(id: $id) {
      done
      codesCount
      importedCount
      failedCount
      codes(first: 250, after: $after) {
        nodes { code errors { message } }
        pageInfo { hasNextPage endCursor }
      }
    }
  }`;

/** A fresh code: the prefix, a dash and random letters (the dash left out when there is no prefix). */
export function generateCode(prefix: string, random: (max: number) => number = randomInt): string {
  let tail = "";
  for (let i = 0; i < CODE_RANDOM_CHARS; i++) tail += CODE_ALPHABET[random(CODE_ALPHABET.length)];
  return prefix ? `${prefix}-${tail}` : tail;
}

const refusal = (what: string, errors: { field?: string[] | null; message: string }[]) =>
  new DiscountInputRefused(
    `Shopify refused ${what}: ${errors.map((e) => (e.field?.length ? `${e.field.join(".")}: ` : "") + e.message).join("; ")}`,
  );

/** The basic code discount's input: each code one use (the usage limit of a discount with many codes counts each code). */
export function basicCodeDiscountInput(terms: CodeDiscountTerms, firstCode: string) {
  return {
    title: terms.title,
    code: firstCode,
    startsAt: terms.startsAt.toISOString(),
    endsAt: terms.endsAt ? terms.endsAt.toISOString() : null,
    context: { all: "ALL" as const },
    customerGets: {
      items: { all: true },
      value:
        terms.kind === "percentage"
          ? { percentage: terms.value / 100 }
          : { discountAmount: { amount: terms.value.toFixed(2), appliesOnEachItem: false } },
    },
    minimumRequirement:
      terms.minimumSubtotal > 0
        ? { subtotal: { greaterThanOrEqualToSubtotal: terms.minimumSubtotal.toFixed(2) } }
        : null,
    appliesOncePerCustomer: terms.oncePerCustomer,
    usageLimit: 1,
  };
}

/** Creates the discount with its first code; its GID. */
export async function createCodeDiscount(
  options: AdminGraphqlOptions,
  terms: CodeDiscountTerms,
  firstCode: string,
): Promise<string> {
  const data = await adminGraphql(options, DISCOUNT_CODE_BASIC_CREATE, {
    basicCodeDiscount: basicCodeDiscountInput(terms, firstCode),
  });
  const payload = data.discountCodeBasicCreate;
  if (payload?.userErrors.length) throw refusal("the discount", payload.userErrors);
  const id = payload?.codeDiscountNode?.id;
  if (!id) throw new DiscountInputRefused("Shopify made no discount and gave no reason");
  return id;
}

export interface BulkAddOptions {
  sleep?: (ms: number) => Promise<void>;
  pollMs?: number;
  pollTries?: number;
}

/** Adds codes (at most 250) to a discount and waits for Shopify to make them; the codes it made. */
export async function addRedeemCodes(
  options: AdminGraphqlOptions,
  discountId: string,
  codes: string[],
  bulk: BulkAddOptions = {},
): Promise<string[]> {
  if (codes.length === 0) return [];
  if (codes.length > MAX_CODES_PER_BULK_ADD)
    throw new RangeError(`At most ${MAX_CODES_PER_BULK_ADD} codes per bulk add, not ${codes.length}`);
  const data = await adminGraphql(options, DISCOUNT_REDEEM_CODE_BULK_ADD, {
    discountId,
    codes: codes.map((code) => ({ code })),
  });
  const payload = data.discountRedeemCodeBulkAdd;
  if (payload?.userErrors.length) throw refusal("the codes", payload.userErrors);
  const creationId = payload?.bulkCreation?.id;
  if (!creationId) throw new DiscountInputRefused("Shopify started no bulk creation and gave no reason");
  const sleep = bulk.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let tries = 0; tries < (bulk.pollTries ?? BULK_POLL_TRIES); tries++) {
    const made = await madeCodes(options, creationId);
    if (made) return made;
    await sleep(bulk.pollMs ?? BULK_POLL_MS);
  }
  // Not done yet: none of this batch is handed out; the next top-up makes new codes (these stay unused in the shop).
  return [];
}

/** The codes a finished bulk creation made without errors, or null while it is not done. */
async function madeCodes(options: AdminGraphqlOptions, id: string): Promise<string[] | null> {
  const made: string[] = [];
  let after: string | null = null;
  for (;;) {
    const data: BulkCreationAnswer = await adminGraphql(options, DISCOUNT_REDEEM_CODE_BULK_CREATION, { id, after });
    const creation = data.discountRedeemCodeBulkCreation;
    if (!creation) throw new DiscountInputRefused(`Shopify knows no bulk creation ${id}`);
    if (!creation.done) return null;
    for (const node of creation.codes.nodes) if (node.errors.length === 0) made.push(node.code);
    if (!creation.codes.pageInfo.hasNextPage) return made;
    after = creation.codes.pageInfo.endCursor;
  }
}
