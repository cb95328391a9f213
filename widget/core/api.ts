/**
 * The visitor-side API client. Only this module (and the beacon in queue.ts)
 * touches the network; the fetch function is injected so tests need no
 * global monkeypatching. POST bodies are JSON sent as text/plain: a "simple"
 * cross-origin request, so browsers skip the CORS preflight round trip.
 */
import type { CtaDocument } from "#contract/schema/cta";
import type { PublicPerson } from "#contract/schema/public-config";
import { withTimeout } from "./lifecycle";

export type FetchFn = (url: string, init?: RequestInit) => Promise<Response>;

/** A failed request; status 0 means network failure or time-out. */
export interface HttpError extends Error {
  status: number;
}

export interface VisitorCreateBody {
  visitor: {
    visitor_token: string;
    landing_page: string | null;
    platform: string;
    referral_source: string | null;
    data: Record<string, unknown>;
  };
  new: boolean;
  utms: Record<string, string>;
}

export type CreatedVisitor = { visitor: PublicPerson; logged_in: boolean };

/** An event as sent: every field the server's eventSchema knows. */
export interface WireEvent {
  id: string;
  event_type: string;
  visitor_token: string;
  at: number;
  url?: string | null;
  cta_id?: number | null;
  variant_id?: number | null;
  step_id?: number | null;
  element_id?: number | null;
  broadcast_id?: number | null;
  contactable_type?: "Cta" | null;
  contactable_id?: number | null;
  revenue?: number | null;
  data: Record<string, unknown>;
}

export interface Api {
  getVisitor(token: string): Promise<PublicPerson>;
  createVisitor(body: VisitorCreateBody): Promise<CreatedVisitor>;
  /** Reads the answer of a creation the snippet posted (snippet.ts), as createVisitor reads its own. */
  adoptVisitor(answer: Promise<Response>): Promise<CreatedVisitor>;
  sendEvents(events: WireEvent[]): Promise<unknown>;
  createContact(contact: Record<string, unknown>): Promise<{ contact?: { id: number }; skipped?: boolean }>;
  getCta(id: number, preview?: boolean): Promise<CtaDocument>;
  /** Where events and contacts go, for navigator.sendBeacon. */
  eventsUrl: string;
  contactsUrl: string;
}

/** SPEC 9: visitor request 5 s. */
const VISITOR_TIMEOUT = 5000;
const DEFAULT_TIMEOUT = 10000;

// The message is only the address (size): the status says what went wrong, 0 for network, time-out or bad JSON.
function httpError(status: number, message: string): HttpError {
  const error = new Error("[beckon] " + status + " " + message) as HttpError;
  error.status = status;
  return error;
}

/** Fetches JSON with a time-out; rejects with an HttpError on anything but a 2xx. */
export async function requestJson<T>(
  fetchFn: FetchFn,
  url: string,
  body?: unknown,
  timeout = DEFAULT_TIMEOUT,
  keepalive = false,
): Promise<T> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), timeout);
  const json = JSON.stringify(body);
  return readJson(
    () =>
      fetchFn(
        url,
        body === undefined
          ? { signal: ctrl.signal }
          : {
              method: "POST",
              body: json,
              headers: { "Content-Type": "text/plain" },
              signal: ctrl.signal,
              // Browsers reject keepalive bodies over 64 KiB in total.
              keepalive: keepalive && json.length < 60000,
            },
      ).finally(() => clearTimeout(timer)),
    url,
  );
}

/** The JSON of a 2xx answer; rejects with an HttpError on anything else (0: network failure, time-out or bad JSON). */
async function readJson<T>(answer: () => Promise<Response>, url: string): Promise<T> {
  let res: Response;
  try {
    res = await answer();
  } catch {
    throw httpError(0, url);
  }
  if (!res.ok) throw httpError(res.status, url);
  try {
    return (await res.json()) as T;
  } catch {
    throw httpError(0, url);
  }
}

/** The public API of one website. */
export function createApi(apiOrigin: string, websiteId: number, fetchFn: FetchFn): Api {
  const base = apiOrigin.replace(/\/+$/, "") + "/api/";
  const site = `${base}websites/${websiteId}/`;
  const eventsUrl = site + "events/create";
  const contactsUrl = site + "contacts/create";
  return {
    eventsUrl,
    contactsUrl,
    getVisitor: (token) =>
      requestJson<{ visitor: PublicPerson }>(
        fetchFn,
        // Tokens are checked to be URL-safe (visitor.ts) before they get here.
        `${base}visitors/${token}?website_id=${websiteId}`,
        undefined,
        VISITOR_TIMEOUT,
      ).then((r) => r.visitor),
    createVisitor: (body) => requestJson(fetchFn, site + "visitors", body, VISITOR_TIMEOUT),
    // The snippet's request has no abort signal of ours: the same time-out bounds the wait instead.
    adoptVisitor: (answer) => readJson(() => withTimeout(answer, VISITOR_TIMEOUT), site + "visitors"),
    // keepalive lets a batch in flight survive the page being unloaded.
    sendEvents: (events) => requestJson(fetchFn, eventsUrl, { events }, DEFAULT_TIMEOUT, true),
    createContact: (contact) => requestJson(fetchFn, contactsUrl, { contact }, DEFAULT_TIMEOUT, true),
    getCta: (id, preview) =>
      requestJson<{ cta: CtaDocument }>(fetchFn, `${base}cta/${id}.json${preview ? "?preview=true" : ""}`).then(
        (r) => r.cta,
      ),
  };
}
