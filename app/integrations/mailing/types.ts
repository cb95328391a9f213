/**
 * What the outbox hands to an e-mail marketing tool, and how a tool's answer
 * is judged: retry later (429, 5xx, time-out, network) or give up with a
 * reason the owner can read (any other 4xx).
 */

/** The operations a SyncJob can carry (SyncJob.operation). */
export const SYNC_OPERATIONS = [
  "subscribe",
  "unsubscribe",
  "add_tag",
  "remove_tag",
  "upsert_profile",
  "forget",
  // An e-mail the built-in lists send (app/models/email/): delivered by OutboxOptions.sendEmail, not a tool.
  "send_email",
] as const;
export type SyncOperation = (typeof SYNC_OPERATIONS)[number];

/** Profile fields sent to a tool, named as in the contact payload (SPEC 3). */
export interface SyncContact {
  email: string | null;
  phone: string | null;
  name?: string | null;
  last_name?: string | null;
  company_name?: string | null;
  company_title?: string | null;
  website?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  zip_code?: string | null;
  address?: string | null;
}

/** Consents as the visitor gave them; undefined means "not asked". */
export interface SyncConsents {
  marketing?: boolean | null;
  sms?: boolean | null;
  privacy?: boolean | null;
}

/** SyncJob.payload: a snapshot taken when the submission arrived. */
export interface SyncPayload {
  contact: SyncContact;
  consents: SyncConsents;
  /** The list's id in its tool (subscribe, unsubscribe, list tags on Mailchimp). */
  list_id?: string | null;
  tag?: string | null;
  /** Page the lead came from, for the tool's "source" field. */
  source_url?: string | null;
  /** Custom answers (extra) to store as custom properties where the tool has them. */
  properties?: Record<string, string | number | boolean>;
  /**
   * The submitter did not prove the address (no signed identity for it): a
   * profile the tool already has keeps its fields, and only the list, tag
   * and consent change goes through. Anyone can type anyone's address into
   * a form; letting that overwrite the name or phone the owner's tool holds
   * for the real person would hand the profile to the typist. A profile the
   * tool does not have yet is created whole, so new leads arrive complete.
   */
  keep_existing?: boolean;
}

/** What a tool knows about a contact, for the widget's targeting conditions. */
export interface RemoteContact {
  lists: string[];
  tags: string[];
  fields: Record<string, string>;
}

/** The payload cut down to the address that identifies the profile: no fields to overwrite. */
export function identifiersOnly(payload: SyncPayload): SyncPayload {
  const { properties: _properties, ...rest } = payload;
  return {
    ...rest,
    contact: payload.contact.email
      ? { email: payload.contact.email, phone: null }
      : { email: null, phone: payload.contact.phone },
  };
}

/** One e-mail marketing tool. Every method is safe to repeat (the outbox retries). */
export interface MailingProvider {
  readonly type: string;
  subscribe(payload: SyncPayload, listId: string): Promise<void>;
  unsubscribe(payload: SyncPayload, listId: string): Promise<void>;
  addTag(payload: SyncPayload, tag: string): Promise<void>;
  removeTag(payload: SyncPayload, tag: string): Promise<void>;
  upsertProfile(payload: SyncPayload): Promise<void>;
  /** Reads lists, tags and fields for targeting; null when the tool has no such contact. */
  fetchContact?(email: string): Promise<RemoteContact | null>;
  /**
   * Deletes the contact with the payload's address from the tool (a shop's
   * customers/redact), through the tool's documented deletion call; done
   * when the tool has no such contact. Mailchimp deletes per list
   * (payload.list_id). Tools without a deletion call leave it out.
   */
  forget?(payload: SyncPayload): Promise<void>;
}

/** A failed call to a tool. `retryable` false means the outbox marks the job failed. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status: number | null = null,
    /** From the tool's Retry-After header, when it sent one. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

/**
 * Not a failure: the job may not go yet (the website's sending rate is used
 * up). The outbox puts it back after retryAfterMs without counting the try.
 */
export class DeferredDelivery extends ProviderError {
  constructor(message: string, retryAfterMs: number) {
    super(message, true, 429, retryAfterMs);
    this.name = "DeferredDelivery";
  }
}

/** Options every provider client accepts (tests point them at local servers). */
export interface ProviderOptions {
  fetch?: typeof fetch;
  /** Per-request time-out; a hung tool is a retryable failure. */
  timeoutMs?: number;
}
