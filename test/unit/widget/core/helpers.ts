/**
 * Fakes for the widget tests (no network, no globals patched), and the
 * person and broadcast factories; CTA documents and the website config come
 * from test/support/factories.ts.
 */
import type { PublicBroadcast, PublicPerson } from "#contract/schema/public-config";
import type { FetchFn } from "#widget/core/api";
import type { Store } from "#widget/core/storage";

/** A Store in memory; `cookies`, their `maxAges` (seconds; undefined: a session cookie) and `data` are open for assertions. */
export function memoryStore(): Store & {
  cookies: Record<string, string>;
  maxAges: Record<string, number | undefined>;
  data: Record<string, string>;
} {
  const cookies: Record<string, string> = {};
  const maxAges: Record<string, number | undefined> = {};
  const data: Record<string, string> = {};
  return {
    cookies,
    maxAges,
    data,
    cookie: (n) => cookies[n] ?? null,
    setCookie: (n, v, maxAge) => {
      maxAges[n] = maxAge;
      if (maxAge === 0) delete cookies[n];
      else cookies[n] = v;
    },
    get: <T>(k: string) => (k in data ? (JSON.parse(data[k]) as T) : null),
    set: (k, v) => void (data[k] = JSON.stringify(v)),
  };
}

export interface FakeCall {
  method: string;
  url: string;
  body: any;
  contentType: string | null;
}

type Reply = { status: number; body?: unknown } | Error;

/** A fetch that answers from a handler and records every call. */
export function fakeFetch(handler: (call: FakeCall) => Reply | Promise<Reply>): FetchFn & { calls: FakeCall[] } {
  const calls: FakeCall[] = [];
  const f = (async (url: string, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call: FakeCall = {
      method: init?.method ?? "GET",
      url,
      body: typeof init?.body == "string" ? JSON.parse(init.body) : undefined,
      contentType: headers["Content-Type"] ?? null,
    };
    calls.push(call);
    const reply = await handler(call);
    if (reply instanceof Error) throw reply;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status });
  }) as FetchFn & { calls: FakeCall[] };
  f.calls = calls;
  return f;
}

export const personMock = (over: Partial<PublicPerson> = {}): PublicPerson => ({
  visitor_token: "tok_0123456789abcdef",
  person_type: "Visitor",
  contact_id: null,
  email: null,
  phone: null,
  name: null,
  last_name: null,
  company_name: null,
  company_title: null,
  website: null,
  city: null,
  state: null,
  country: null,
  zip_code: null,
  address: null,
  extra: {},
  privacy_consent: null,
  marketing_consent: null,
  sms_consent: null,
  data: {},
  last_requested: null,
  ...over,
});

/** Lets pending promise callbacks and preact's deferred renders run. */
export const settle = async (times = 5) => {
  for (let i = 0; i < times; i++) await new Promise((r) => setTimeout(r, 0));
};

/** A timed broadcast naming CTA 9, on every page but the checkout (/kassan). */
export const broadcastMock = (over: Partial<PublicBroadcast> = {}): PublicBroadcast => ({
  id: 50,
  name: "Alla sidor utom kassan",
  quick: false,
  timezone: "Europe/Stockholm",
  timeframe: false,
  range_start: null,
  range_end: null,
  conditions: [
    { position: 0, operator: "and", condition_type: "url", url: "/kassan", data: { match: "not_contains" } },
  ],
  cta_ids: [9],
  ...over,
});
