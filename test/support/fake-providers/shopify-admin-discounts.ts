/**
 * The discounts of the fake shop's Admin API (./shopify-admin.ts), answering
 * as Shopify documents them: discountCodeBasicCreate, which refuses a code
 * the shop already has, a missing title, a percentage outside 0..1 and an
 * end before the start, each as a DiscountUserError with its field;
 * discountRedeemCodeBulkAdd, which takes at most 250 codes and answers with a
 * bulk creation that is not done on its first read (Shopify makes the codes
 * asynchronously), then reports each code with its errors (a code the shop
 * has is refused there, not in the mutation); and
 * discountRedeemCodeBulkCreation(id) with its codes paged 250 at a time; and
 * codeDiscountNodeByCode(code), the discount that holds a code (any case),
 * its status from its start and end, or null.
 * The query was already validated against the Admin schema.
 */
type Input = Record<string, unknown>;
type UserError = { field: string[] | null; message: string };

export interface FakeDiscount {
  id: string;
  title: string;
  codes: string[];
  input: Input;
}

interface BulkCreation {
  id: string;
  codes: { code: string; errors: { message: string }[] }[];
  /** Reads left before it reports done. */
  pendingReads: number;
}

/** The root fields the fake discounts answer (the first field of the operation). */
export const DISCOUNT_FIELDS = [
  "discountCodeBasicCreate",
  "discountRedeemCodeBulkAdd",
  "discountRedeemCodeBulkCreation",
  "codeDiscountNodeByCode",
] as const;

const cursorOf = (index: number) => Buffer.from(String(index)).toString("base64");

export class FakeDiscounts {
  readonly discounts: FakeDiscount[] = [];
  private readonly creations = new Map<string, BulkCreation>();
  private next = 1;
  /** How many reads of a bulk creation answer done: false first (Shopify's creations take a moment). */
  pendingReads = 1;

  /** Every code the shop has, across its discounts. */
  allCodes(): string[] {
    return this.discounts.flatMap((d) => d.codes);
  }

  private hasCode(code: string): boolean {
    const lower = code.toLowerCase();
    return this.discounts.some((d) => d.codes.some((c) => c.toLowerCase() === lower));
  }

  answer(field: string, variables: Input): Input {
    if (field === "discountCodeBasicCreate")
      return { discountCodeBasicCreate: this.create(variables.basicCodeDiscount as Input) };
    if (field === "discountRedeemCodeBulkAdd")
      return { discountRedeemCodeBulkAdd: this.bulkAdd(String(variables.discountId), variables.codes as Input[]) };
    if (field === "codeDiscountNodeByCode") return { codeDiscountNodeByCode: this.byCode(String(variables.code)) };
    return { discountRedeemCodeBulkCreation: this.creation(String(variables.id), variables.after as string | null) };
  }

  private byCode(code: string, now = new Date().toISOString()) {
    const lower = code.toLowerCase();
    const discount = this.discounts.find((d) => d.codes.some((c) => c.toLowerCase() === lower));
    if (!discount) return null;
    const { startsAt, endsAt, customerGets } = discount.input as {
      startsAt?: string;
      endsAt?: string | null;
      customerGets?: { value?: { percentage?: number; discountAmount?: { amount?: string | number } } };
    };
    const status = startsAt && startsAt > now ? "SCHEDULED" : endsAt && endsAt <= now ? "EXPIRED" : ("ACTIVE" as const);
    const given = customerGets?.value;
    const value =
      given?.percentage != null
        ? { __typename: "DiscountPercentage", percentage: given.percentage }
        : {
            __typename: "DiscountAmount",
            amount: { amount: String(given?.discountAmount?.amount ?? "0.0"), currencyCode: "USD" },
            appliesOnEachItem: false,
          };
    return {
      id: discount.id,
      codeDiscount: { __typename: "DiscountCodeBasic", title: discount.title, status, customerGets: { value } },
    };
  }

  private create(input: Input) {
    const errors: UserError[] = [];
    const code = typeof input.code === "string" ? input.code : "";
    if (!code) errors.push({ field: ["basicCodeDiscount", "code"], message: "Code can't be blank" });
    else if (this.hasCode(code))
      errors.push({
        field: ["basicCodeDiscount", "code"],
        message: "Code must be unique. Please try a different code.",
      });
    if (!input.title) errors.push({ field: ["basicCodeDiscount", "title"], message: "Title can't be blank" });
    const value = (input.customerGets as { value?: { percentage?: number } } | undefined)?.value;
    if (value?.percentage !== undefined && value.percentage !== null && (value.percentage <= 0 || value.percentage > 1))
      errors.push({
        field: ["basicCodeDiscount", "customerGets", "value", "percentage"],
        message: "Value must be between 0.0 and 1.0",
      });
    if (input.endsAt && input.startsAt && String(input.endsAt) <= String(input.startsAt))
      errors.push({ field: ["basicCodeDiscount", "endsAt"], message: "Ends at needs to be after starts_at" });
    if (errors.length) return { codeDiscountNode: null, userErrors: errors };
    const id = `gid://shopify/DiscountCodeNode/${this.next++}`;
    this.discounts.push({ id, title: String(input.title), codes: [code], input });
    return { codeDiscountNode: { id }, userErrors: [] };
  }

  private bulkAdd(discountId: string, codes: Input[]) {
    const discount = this.discounts.find((d) => d.id === discountId);
    if (!discount)
      return { bulkCreation: null, userErrors: [{ field: ["discountId"], message: "Code discount does not exist." }] };
    if (codes.length > 250)
      return { bulkCreation: null, userErrors: [{ field: ["codes"], message: "Codes exceeds the maximum of 250." }] };
    const id = `gid://shopify/DiscountRedeemCodeBulkCreation/${this.next++}`;
    const made: BulkCreation = { id, codes: [], pendingReads: this.pendingReads };
    for (const { code } of codes as { code: string }[]) {
      if (this.hasCode(code)) made.codes.push({ code, errors: [{ message: "Code must be unique" }] });
      else {
        discount.codes.push(code);
        made.codes.push({ code, errors: [] });
      }
    }
    this.creations.set(id, made);
    return { bulkCreation: { id }, userErrors: [] };
  }

  private creation(id: string, after: string | null) {
    const made = this.creations.get(id);
    if (!made) return null;
    const done = made.pendingReads <= 0;
    if (!done) made.pendingReads--;
    const start = after ? Number(Buffer.from(after, "base64").toString("utf8")) + 1 : 0;
    const page = done ? made.codes.slice(start, start + 250) : [];
    const failed = made.codes.filter((c) => c.errors.length).length;
    return {
      done,
      codesCount: made.codes.length,
      importedCount: done ? made.codes.length - failed : 0,
      failedCount: done ? failed : 0,
      codes: {
        nodes: page,
        pageInfo: {
          hasNextPage: done && start + page.length < made.codes.length,
          endCursor: page.length ? cursorOf(start + page.length - 1) : null,
        },
      },
    };
  }
}
