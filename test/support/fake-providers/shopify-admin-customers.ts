/**
 * The customers of the fake shop's Admin API (./shopify-admin.ts), answering
 * the customer operations as Shopify documents them: `customers(first,
 * query)` with `email:"…"` and `phone:"…"` searches; customerCreate, which
 * refuses an invalid or taken e-mail, an invalid phone, a tag over 255
 * characters, a consent without its address, and consent states other than
 * SUBSCRIBED, UNSUBSCRIBED and PENDING, each as a userError with its field;
 * customerUpdate, which refuses marketing consents (Shopify points to their
 * own mutations); tagsAdd, which keeps the tags a customer has (compared
 * without case); customerEmailMarketingConsentUpdate and
 * customerSmsMarketingConsentUpdate, which need the address on the customer.
 * The query was already validated against the Admin schema, so the
 * variables have their declared shapes.
 */
import { Kind, parse, type OperationDefinitionNode } from "graphql";

export interface FakeCustomer {
  id: string;
  email: string | null;
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
  tags: string[];
  email_consent: { state: string; level: string | null; at: string | null };
  sms_consent: { state: string; level: string | null; at: string | null };
}

type UserError = { field: string[] | null; message: string; code?: string };
type Input = Record<string, unknown>;

/** The root fields the fake customers answer (the first field of the operation). */
export const CUSTOMER_FIELDS = [
  "customers",
  "customerCreate",
  "customerUpdate",
  "tagsAdd",
  "customerEmailMarketingConsentUpdate",
  "customerSmsMarketingConsentUpdate",
] as const;

/** The operation's first root field, or null. */
export function rootFieldOf(query: string): string | null {
  const operation = parse(query).definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const first = operation?.selectionSet.selections[0];
  return first?.kind === Kind.FIELD ? first.name.value : null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const E164 = /^\+[1-9]\d{6,14}$/;
const INPUT_STATES = ["SUBSCRIBED", "UNSUBSCRIBED", "PENDING"];

/** A search value of the query ("email:\"a@b.se\""), unescaped, or null. */
function searchValue(query: string, key: "email" | "phone"): string | null {
  const m = new RegExp(`^${key}:"((?:\\\\.|[^"\\\\])*)"$`).exec(query.trim());
  return m ? m[1].replace(/\\(.)/g, "$1") : null;
}

export class FakeCustomers {
  readonly customers: FakeCustomer[] = [];
  private nextId = 1000;

  /** A customer the merchant already has (made in Shopify, not by Beckon). */
  add(customer: Partial<FakeCustomer> & { email?: string | null }): FakeCustomer {
    const row: FakeCustomer = {
      id: `gid://shopify/Customer/${this.nextId++}`,
      email: null,
      phone: null,
      firstName: null,
      lastName: null,
      tags: [],
      email_consent: { state: "NOT_SUBSCRIBED", level: null, at: null },
      sms_consent: { state: "NOT_SUBSCRIBED", level: null, at: null },
      ...customer,
    };
    this.customers.push(row);
    return row;
  }

  byEmail(email: string): FakeCustomer | undefined {
    return this.customers.find((c) => c.email?.toLowerCase() === email.toLowerCase());
  }

  /** The data of one customer operation. */
  answer(field: string, v: Input): Record<string, unknown> {
    switch (field) {
      case "customers":
        return { customers: { nodes: this.search(String(v.query ?? "")).map((c) => this.node(c)) } };
      case "customerCreate":
        return { customerCreate: this.create(v.input as Input) };
      case "customerUpdate":
        return { customerUpdate: this.update(v.input as Input) };
      case "tagsAdd":
        return { tagsAdd: this.tagsAdd(String(v.id), v.tags as string[]) };
      case "customerEmailMarketingConsentUpdate":
        return { customerEmailMarketingConsentUpdate: this.consentUpdate(v.input as Input, "email") };
      case "customerSmsMarketingConsentUpdate":
        return { customerSmsMarketingConsentUpdate: this.consentUpdate(v.input as Input, "sms") };
    }
    throw new Error(`not a customer field: ${field}`);
  }

  private search(query: string): FakeCustomer[] {
    const email = searchValue(query, "email");
    if (email !== null) return this.customers.filter((c) => c.email?.toLowerCase() === email.toLowerCase());
    const phone = searchValue(query, "phone");
    if (phone !== null) return this.customers.filter((c) => c.phone === phone);
    return [];
  }

  private node(c: FakeCustomer) {
    return {
      id: c.id,
      tags: c.tags,
      defaultEmailAddress: c.email
        ? { emailAddress: c.email, marketingState: c.email_consent.state, marketingOptInLevel: c.email_consent.level }
        : null,
      defaultPhoneNumber: c.phone ? { phoneNumber: c.phone, marketingState: c.sms_consent.state } : null,
    };
  }

  private consentErrors(input: Input, field: string, address: unknown): UserError[] {
    const consent = input[field] as Input | null | undefined;
    if (!consent) return [];
    if (!address)
      return [{ field: [field], message: `${field === "smsMarketingConsent" ? "Phone" : "Email"} can't be blank` }];
    if (!INPUT_STATES.includes(String(consent.marketingState)))
      return [{ field: [field, "marketingState"], message: "Marketing state is not included in the list" }];
    return [];
  }

  private tagErrors(tags: unknown): UserError[] {
    if (!Array.isArray(tags)) return [];
    return tags.some((t) => typeof t === "string" && [...t].length > 255)
      ? [{ field: ["tags"], message: "Tags is too long (maximum is 255 characters)" }]
      : [];
  }

  private create(input: Input) {
    const errors: UserError[] = [];
    const email = typeof input.email === "string" ? input.email : null;
    const phone = typeof input.phone === "string" ? input.phone : null;
    if (!email && !phone)
      errors.push({ field: null, message: "A name, phone number, or email address must be present" });
    if (email && !EMAIL.test(email)) errors.push({ field: ["email"], message: "Email is invalid" });
    else if (email && this.byEmail(email)) errors.push({ field: ["email"], message: "Email has already been taken" });
    if (phone && !E164.test(phone)) errors.push({ field: ["phone"], message: "Phone is invalid" });
    errors.push(...this.tagErrors(input.tags));
    errors.push(...this.consentErrors(input, "emailMarketingConsent", email));
    errors.push(...this.consentErrors(input, "smsMarketingConsent", phone));
    if (errors.length) return { customer: null, userErrors: errors };
    const consent = (c: unknown) => {
      const r = c as Input | null | undefined;
      return r
        ? {
            state: String(r.marketingState),
            level: (r.marketingOptInLevel as string) ?? null,
            at: (r.consentUpdatedAt as string) ?? null,
          }
        : { state: "NOT_SUBSCRIBED", level: null, at: null };
    };
    const row = this.add({
      email,
      phone,
      firstName: (input.firstName as string) ?? null,
      lastName: (input.lastName as string) ?? null,
      tags: [],
      email_consent: consent(input.emailMarketingConsent),
      sms_consent: consent(input.smsMarketingConsent),
    });
    this.mergeTags(row, (input.tags as string[]) ?? []);
    return { customer: { id: row.id }, userErrors: [] };
  }

  private update(input: Input) {
    const row = this.customers.find((c) => c.id === input.id);
    if (!row) return { customer: null, userErrors: [{ field: ["id"], message: "Customer does not exist" }] };
    if (input.emailMarketingConsent)
      return {
        customer: null,
        userErrors: [
          {
            field: ["emailMarketingConsent"],
            message:
              "To update emailMarketingConsent, please use the customerEmailMarketingConsentUpdate Mutation instead",
          },
        ],
      };
    if (input.smsMarketingConsent)
      return {
        customer: null,
        userErrors: [
          {
            field: ["smsMarketingConsent"],
            message: "To update smsMarketingConsent, please use the customerSmsMarketingConsentUpdate Mutation instead",
          },
        ],
      };
    if (typeof input.phone === "string" && !E164.test(input.phone))
      return { customer: null, userErrors: [{ field: ["phone"], message: "Phone is invalid" }] };
    for (const key of ["firstName", "lastName", "phone"] as const)
      if (typeof input[key] === "string") row[key] = input[key] as string;
    return { customer: { id: row.id }, userErrors: [] };
  }

  private mergeTags(row: FakeCustomer, tags: string[]) {
    for (const tag of tags.map((t) => t.trim()).filter(Boolean))
      if (!row.tags.some((t) => t.toLowerCase() === tag.toLowerCase())) row.tags.push(tag);
  }

  private tagsAdd(id: string, tags: string[]) {
    const row = this.customers.find((c) => c.id === id);
    if (!row) return { userErrors: [{ field: ["id"], message: "Resource does not exist" }] };
    const errors = this.tagErrors(tags);
    if (errors.length) return { userErrors: errors };
    this.mergeTags(row, tags);
    return { userErrors: [] };
  }

  private consentUpdate(input: Input, channel: "email" | "sms") {
    const row = this.customers.find((c) => c.id === input.customerId);
    const key = channel === "email" ? "emailMarketingConsent" : "smsMarketingConsent";
    if (!row)
      return {
        customer: null,
        userErrors: [{ field: ["customerId"], message: "Customer not found", code: "INVALID" }],
      };
    const errors = this.consentErrors(input, key, channel === "email" ? row.email : row.phone);
    if (errors.length) return { customer: null, userErrors: errors.map((e) => ({ ...e, code: "INVALID" })) };
    const c = input[key] as Input;
    row[channel === "email" ? "email_consent" : "sms_consent"] = {
      state: String(c.marketingState),
      level: (c.marketingOptInLevel as string) ?? null,
      at: (c.consentUpdatedAt as string) ?? null,
    };
    return { customer: { id: row.id }, userErrors: [] };
  }
}
