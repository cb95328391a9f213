import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { WireEvent } from "#widget/core/api";
import { createQueue, flushOnHide, type NewEvent } from "#widget/core/queue";
import { memoryStore } from "./helpers";

const KEY = "cf_1_events";
const ev = (n = 0): NewEvent => ({ event_type: "View", visitor_token: "tok_0123456789abcdef", cta_id: 7, data: { n } });

type Send = (events: WireEvent[]) => Promise<unknown>;

describe("tracking queue", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("persists each event with a client id before sending", () => {
    const store = memoryStore();
    const q = createQueue({ store, key: KEY, send: vi.fn<Send>(() => new Promise(() => {})) });
    const a = q.push(ev(1));
    const b = q.push(ev(2));
    expect(a.id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(a.id).not.toBe(b.id);
    expect(a.at).toBeGreaterThan(0);
    expect(store.get<WireEvent[]>(KEY)!.map((e) => e.id)).toEqual([a.id, b.id]);
  });

  it("sends what is pushed within the delay as one batch and removes it after a 2xx", async () => {
    const store = memoryStore();
    const send = vi.fn<Send>(async () => ({ stored: 3 }));
    const q = createQueue({ store, key: KEY, send, delay: 200 });
    q.push(ev(1));
    q.push(ev(2));
    q.push(ev(3));
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0][0].map((e) => e.data.n)).toEqual([1, 2, 3]);
    expect(q.pending()).toEqual([]);
  });

  it("splits into batches of at most batchSize", async () => {
    const send = vi.fn<Send>(async () => ({}));
    const q = createQueue({ store: memoryStore(), key: KEY, send, batchSize: 2 });
    for (let i = 0; i < 5; i++) q.push(ev(i));
    await vi.advanceTimersByTimeAsync(1000);
    expect(send.mock.calls.map((c) => c[0].length)).toEqual([2, 2, 1]);
    expect(q.pending()).toEqual([]);
  });

  it("keeps events when sending fails and retries with exponential backoff", async () => {
    const store = memoryStore();
    let fail = 3;
    const send = vi.fn<Send>(async () => {
      if (fail-- > 0) throw Object.assign(new Error("down"), { status: 0 });
      return {};
    });
    const q = createQueue({ store, key: KEY, send, delay: 0, backoff: 1000 });
    const pushed = q.push(ev(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    expect(q.pending().map((e) => e.id)).toEqual([pushed.id]);

    await vi.advanceTimersByTimeAsync(999);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(2); // after 1 s

    await vi.advanceTimersByTimeAsync(1999);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(3); // after 2 more s

    await vi.advanceTimersByTimeAsync(4000);
    expect(send).toHaveBeenCalledTimes(4); // after 4 more s, succeeds
    // The same event (same id) every time: the server dedupes resends.
    expect(new Set(send.mock.calls.map((c) => c[0][0].id))).toEqual(new Set([pushed.id]));
    expect(q.pending()).toEqual([]);
  });

  it("loses nothing when fetch keeps failing: a new page load sends what the old one left", async () => {
    const store = memoryStore();
    const down = vi.fn<Send>(async () => {
      throw Object.assign(new Error("offline"), { status: 0 });
    });
    const first = createQueue({ store, key: KEY, send: down, delay: 0 });
    first.push(ev(1));
    first.push(ev(2));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(down.mock.calls.length).toBeGreaterThan(1);
    expect(store.get<WireEvent[]>(KEY)).toHaveLength(2);

    const up = vi.fn<Send>(async () => ({}));
    const second = createQueue({ store, key: KEY, send: up });
    await second.flush();
    expect(up.mock.calls[0][0].map((e) => e.data.n)).toEqual([1, 2]);
    expect(store.get<WireEvent[]>(KEY)).toEqual([]);
  });

  it("never has the same event in two sends at once", async () => {
    let release!: () => void;
    const send = vi.fn<Send>(() => new Promise<void>((r) => (release = r)));
    const q = createQueue({ store: memoryStore(), key: KEY, send, delay: 0 });
    q.push(ev(1));
    const p1 = q.flush();
    const p2 = q.flush();
    expect(p1).toBe(p2);
    q.push(ev(2));
    await vi.advanceTimersByTimeAsync(50);
    expect(send).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1][0].map((e) => e.data.n)).toEqual([2]);
  });

  it("drops a batch the server refuses for good (4xx) so it cannot block the queue", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const send = vi.fn<Send>(async () => {
      throw Object.assign(new Error("bad"), { status: 400 });
    });
    const q = createQueue({ store: memoryStore(), key: KEY, send, delay: 0 });
    q.push(ev(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(q.pending()).toEqual([]);
    expect(warn.mock.calls[0][0]).toMatch(/^\[beckon\] /);
    warn.mockRestore();
  });

  it("is bounded: the oldest events go past maxLength", () => {
    const q = createQueue({ store: memoryStore(), key: KEY, send: () => new Promise(() => {}), maxLength: 3 });
    for (let i = 0; i < 5; i++) q.push(ev(i));
    expect(q.pending().map((e) => e.data.n)).toEqual([2, 3, 4]);
  });

  it("hands pending events to sendBeacon on pagehide and keeps them for a resend", async () => {
    const store = memoryStore();
    const beacon = vi.fn((events: WireEvent[]) => events.length > 0);
    const q = createQueue({ store, key: KEY, send: () => new Promise(() => {}), beacon, delay: 10_000 });
    q.push(ev(1));
    q.push(ev(2));
    const win = new EventTarget() as unknown as Window;
    const doc = Object.assign(new EventTarget(), { visibilityState: "visible" }) as unknown as Document;
    flushOnHide(q, win, doc);
    win.dispatchEvent(new Event("pagehide"));
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(beacon.mock.calls[0][0].map((e) => e.data.n)).toEqual([1, 2]);
    // Nothing is removed without a 2xx; the server dedupes by id if the beacon did arrive.
    expect(q.pending()).toHaveLength(2);

    // visibilitychange follows pagehide on unload: the same events are not beaconed twice.
    (doc as { visibilityState: string }).visibilityState = "hidden";
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(beacon).toHaveBeenCalledTimes(1);
    q.push(ev(3));
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(beacon.mock.calls[1][0].map((e) => e.data.n)).toEqual([3]);
  });

  it("does not beacon events that are in flight", async () => {
    const beacon = vi.fn((_events: WireEvent[]) => true);
    const q = createQueue({ store: memoryStore(), key: KEY, send: () => new Promise(() => {}), beacon, delay: 0 });
    q.push(ev(1));
    await vi.advanceTimersByTimeAsync(0);
    q.push(ev(2));
    q.flushBeacon();
    expect(beacon.mock.calls[0][0].map((e) => e.data.n)).toEqual([2]);
  });

  it("tells who waits when a batch is settled: delivered with the answer, or refused", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const settled = vi.fn();
    let status = 0;
    const send = vi.fn<Send>(async () => {
      if (status) throw Object.assign(new Error("x"), { status });
      return { stored: 1 };
    });
    const q = createQueue({ store: memoryStore(), key: KEY, send, delay: 0, settled });
    const a = q.push(ev(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toHaveBeenLastCalledWith([a], undefined, { stored: 1 });
    status = 503; // transient: not settled, retried later
    q.push(ev(2));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toHaveBeenCalledTimes(1);
    status = 422;
    await vi.advanceTimersByTimeAsync(1000);
    expect(settled).toHaveBeenCalledTimes(2);
    expect(settled.mock.calls[1][1]).toMatchObject({ status: 422 });
    warn.mockRestore();
  });

  it("caps the backoff at 30 s, so a server back after an outage gets everything soon", async () => {
    let up = false;
    const send = vi.fn<Send>(async () => {
      if (!up) throw Object.assign(new Error("down"), { status: 0 });
      return {};
    });
    const q = createQueue({ store: memoryStore(), key: KEY, send, delay: 0 });
    q.push(ev(1));
    await vi.advanceTimersByTimeAsync(200_000);
    // 1 + 2 + 4 + 8 + 16 s, then every 30 s.
    expect(send.mock.calls.length).toBe(5 + Math.floor((200 - 31) / 30) + 1);
    up = true;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(q.pending()).toEqual([]);
  });

  it("sends at once when the browser comes back online", async () => {
    const send = vi.fn<Send>(async () => ({}));
    const q = createQueue({ store: memoryStore(), key: KEY, send, delay: 10_000 });
    const win = new EventTarget() as unknown as Window;
    flushOnHide(q, win, new EventTarget() as unknown as Document);
    q.push(ev(1));
    win.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
