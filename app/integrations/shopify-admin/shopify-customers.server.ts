/**
 * A lead as a customer in the shop's Shopify Customers (Admin GraphQL,
 * write_customers): found by e-mail (else phone) first, so a retried job or
 * a returning visitor never makes a second customer; created with its
 * marketing consents and tags, or, when it exists, tagged (tagsAdd keeps
 * the tags it has) and given a consent only where that raises what Shopify
 * holds: a subscribed customer is never set back to pending, and a
 * confirmed opt-in never back to a single one. Shopify changes an existing
 * customer's consents only through their own mutations (customerUpdate
 * refuses them), so those are used. A userError is permanent (the outbox
 * shows it on the contact); throttling and outages are AdminApiErrors the
 * caller retries.
 */
import { adminGraphql, type AdminGraphqlOptions } from "./admin-graphql.server";

/** Shopify's limits on tags: 255 characters each (no commas: tags are comma-joined), 250 per resource. */
export const MAX_TAG_CHARS = 255;
export const MAX_TAGS = 250;

export type EmailConsentState = "SUBSCRIBED" | "PENDING";
export type OptInLevel = "SINGLE_OPT_IN" | "CONFIRMED_OPT_IN";

/** What Beckon knows of the lead, as the job stored it. */
export interface ShopifyCustomerLead {
  email: string | null;
  /** E.164, or null. */
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
  /** The e-mail consent given, and when; PENDING while a double opt-in waits for its click. */
  emailConsent: { state: EmailConsentState; optInLevel: OptInLevel; at: string } | null;
  smsConsent: { optInLevel: OptInLevel; at: string } | null;
  tags: string[];
  /** The submitter did not prove the address: an existing customer keeps its name (SyncPayload.keep_existing). */
  keepExisting: boolean;
}

export interface CustomerSyncResult {
  customerGid: string;
  created: boolean;
}

/** Shopify refused the input (userErrors): retrying the same input cannot succeed. */
export class CustomerInputRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CustomerInputRefused";
  }
}

export const CUSTOMER_LOOKUP = `#graphql
  query BeckonCustomerLookup($query: String!) {
    customers(first: 1, query: $query) {
      nodes {
        id
        tags
        defaultEmailAddress { emailAddress marketingState marketingOptInLevel }
        defaultPhoneNumber { phoneNumber marketingState }
      }
    }
  }`;

export const CUSTOMER_CREATE = `#graphql
  mutation BeckonCustomerCreate($input: CustomerInput!) {
    customerCreate(input: $input) { customer { id } userErrors { field message } }
  }`;

export const CUSTOMER_UPDATE = `#graphql
  mutation BeckonCustomerUpdate($input: CustomerInput!) {
    customerUpdate(input: $input) { customer { id } userErrors { field message } }
  }`;

export const CUSTOMER_TAGS_ADD = `#graphql
  mutation BeckonCustomerTagsAdd($id: ID!, $tags: [String!]!) {
    tagsAdd(id: $id, tags: $tags) { userErrors { field message } }
  }`;

export const CUSTOMER_EMAIL_CONSENT_UPDATE = `#graphql
  mutation BeckonCustomerEmailConsentUpdate($input: CustomerEmailMarketingConsentUpdateInput!) {
    customerEmailMarketingConsentUpdate(input: $input) { userErrors { field message code } }
  }`;

export const CUSTOMER_SMS_CONSENT_UPDATE = `#graphql
  mutation BeckonCustomerSmsConsentUpdate($input: CustomerSmsMarketingConsentUpdateInput!) {
    customerSmsMarketingConsentUpdate(input: $input) { userErrors { field message code } }
  }`;

/** A search-syntax value in quotes, with the characters that could end or widen it escaped. */
export function quotedSearchValue(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** The lookup query for a lead: by e-mail when it has one, else by phone; null when it has neither. */
export function customerLookupQuery(lead: Pick<ShopifyCustomerLead, "email" | "phone">): string | null {
  if (lead.email) return `email:${quotedSearchValue(lead.email)}`;
  if (lead.phone) return `phone:${quotedSearchValue(lead.phone)}`;
  return null;
}

/** Tags Shopify accepts: no commas or control characters, at most MAX_TAG_CHARS code points each, distinct, at most MAX_TAGS. */
export function cleanTags(tags: readonly string[]): string[] {
  const kept = new Map<string, string>();
  for (const raw of tags) {
    const spaced = raw
      .normalize("NFC")
      .replace(/[\p{Cc}\p{Cf},]+/gu, " ")
      .replace(/\s+/g, " ")
      .trim();
    const tag = [...spaced].slice(0, MAX_TAG_CHARS).join("").trim();
    // Shopify compares tags without case: "Beckon" and "beckon" are one tag.
    if (tag && !kept.has(tag.toLowerCase())) kept.set(tag.toLowerCase(), tag);
    if (kept.size >= MAX_TAGS) break;
  }
  return [...kept.values()];
}

type Existing = {
  id: string;
  tags: string[];
  defaultEmailAddress: { marketingState: string; marketingOptInLevel: string | null } | null;
  defaultPhoneNumber: { phoneNumber: string; marketingState: string } | null;
};

/** Whether sending this e-mail consent raises what the customer has (never a downgrade). */
export function raisesEmailConsent(
  current: Existing["defaultEmailAddress"],
  wanted: NonNullable<ShopifyCustomerLead["emailConsent"]>,
): boolean {
  const state = current?.marketingState ?? "NOT_SUBSCRIBED";
  // INVALID: Shopify judged the address undeliverable; a consent cannot change that.
  if (state === "INVALID") return false;
  if (state === "SUBSCRIBED")
    return (
      wanted.state === "SUBSCRIBED" &&
      wanted.optInLevel === "CONFIRMED_OPT_IN" &&
      current?.marketingOptInLevel !== "CONFIRMED_OPT_IN"
    );
  if (state === "PENDING") return wanted.state === "SUBSCRIBED";
  return true;
}

function refuse(what: string, errors: { field?: string[] | null; message: string }[] | undefined): void {
  if (!errors?.length) return;
  const detail = errors.map((e) => (e.field?.length ? `${e.field.join(".")}: ${e.message}` : e.message)).join("; ");
  throw new CustomerInputRefused(`Shopify refused the ${what}: ${detail}`.slice(0, 1000));
}

async function findCustomer(options: AdminGraphqlOptions, lead: ShopifyCustomerLead): Promise<Existing | null> {
  const query = customerLookupQuery(lead);
  if (!query) throw new CustomerInputRefused("The lead has neither an e-mail address nor a phone number");
  const data = await adminGraphql(options, CUSTOMER_LOOKUP, { query });
  return (data.customers.nodes[0] as Existing | undefined) ?? null;
}

function emailConsentInput(consent: NonNullable<ShopifyCustomerLead["emailConsent"]>) {
  return {
    marketingState: consent.state,
    marketingOptInLevel: consent.optInLevel,
    consentUpdatedAt: consent.at,
  };
}

function smsConsentInput(consent: NonNullable<ShopifyCustomerLead["smsConsent"]>) {
  return {
    marketingState: "SUBSCRIBED" as const,
    marketingOptInLevel: consent.optInLevel,
    consentUpdatedAt: consent.at,
  };
}

async function createCustomer(options: AdminGraphqlOptions, lead: ShopifyCustomerLead): Promise<string> {
  const data = await adminGraphql(options, CUSTOMER_CREATE, {
    input: {
      email: lead.email,
      phone: lead.phone,
      firstName: lead.firstName,
      lastName: lead.lastName,
      tags: cleanTags(lead.tags),
      ...(lead.email && lead.emailConsent ? { emailMarketingConsent: emailConsentInput(lead.emailConsent) } : {}),
      ...(lead.phone && lead.smsConsent ? { smsMarketingConsent: smsConsentInput(lead.smsConsent) } : {}),
    },
  });
  refuse("new customer", data.customerCreate?.userErrors);
  const id = data.customerCreate?.customer?.id;
  if (!id) throw new CustomerInputRefused("Shopify created no customer and said no reason");
  return id;
}

async function updateCustomer(options: AdminGraphqlOptions, lead: ShopifyCustomerLead, existing: Existing) {
  // Only what the customer lacks, or (from a proven submitter) the name they gave.
  const input: { id: string; firstName?: string; lastName?: string; phone?: string } = { id: existing.id };
  if (!lead.keepExisting && lead.firstName) input.firstName = lead.firstName;
  if (!lead.keepExisting && lead.lastName) input.lastName = lead.lastName;
  const needsPhone = Boolean(lead.phone && lead.smsConsent && !existing.defaultPhoneNumber);
  if (needsPhone && lead.phone) input.phone = lead.phone;
  if (Object.keys(input).length > 1) {
    const data = await adminGraphql(options, CUSTOMER_UPDATE, { input });
    refuse("customer update", data.customerUpdate?.userErrors);
  }
  const tags = cleanTags(lead.tags);
  if (tags.length) {
    const data = await adminGraphql(options, CUSTOMER_TAGS_ADD, { id: existing.id, tags });
    refuse("tags", data.tagsAdd?.userErrors);
  }
  if (lead.email && lead.emailConsent && raisesEmailConsent(existing.defaultEmailAddress, lead.emailConsent)) {
    const data = await adminGraphql(options, CUSTOMER_EMAIL_CONSENT_UPDATE, {
      input: { customerId: existing.id, emailMarketingConsent: emailConsentInput(lead.emailConsent) },
    });
    refuse("e-mail marketing consent", data.customerEmailMarketingConsentUpdate?.userErrors);
  }
  const smsState = existing.defaultPhoneNumber?.marketingState;
  if (lead.phone && lead.smsConsent && smsState !== "SUBSCRIBED" && smsState !== "REDACTED") {
    const data = await adminGraphql(options, CUSTOMER_SMS_CONSENT_UPDATE, {
      input: { customerId: existing.id, smsMarketingConsent: smsConsentInput(lead.smsConsent) },
    });
    refuse("SMS marketing consent", data.customerSmsMarketingConsentUpdate?.userErrors);
  }
}

/** Creates the lead's customer, or updates and tags the one Shopify has; returns its GID. */
export async function syncShopifyCustomer(
  options: AdminGraphqlOptions,
  lead: ShopifyCustomerLead,
): Promise<CustomerSyncResult> {
  const existing = await findCustomer(options, lead);
  if (!existing) return { customerGid: await createCustomer(options, lead), created: true };
  await updateCustomer(options, lead, existing);
  return { customerGid: existing.id, created: false };
}
