/**
 * A poisoned item (one the server answers 500 on, every time) must not hold
 * up the queue: after a failure items travel one at a time, and one that
 * fails with 500 three times in a row is set aside for the rest of the page,
 * reported and kept in storage, while every other item is delivered; the
 * next page sends it again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { WireEvent } from "#widget/core/api";
import { createQueue, type NewEvent } from "#widget/core/queue";
import { memoryStore } from "./helpers";

const KEY = "cf_1_events";
const ev = (n: number): NewEvent => ({
  event_type: "View",
  visitor_token: "tok_0123456789abcdef",
  cta_id: 7,
  data: { n },
});
const httpError = (status: number) => Object.assign(new Error(`[beckon] ${status}`), { status });
const numbers = (batch: WireEvent[]) => batch.map((e) => e.data.n as number);

/** A server that answers 500 to any batch holding event n = poison, and keeps what it accepts. */
function server(poison: number | null) {
  const delivered: number[] = [];
  const send = vi.fn(async (batch: WireEvent[]) => {
    if (batch.some((e) => e.data.n === poison)) throw httpError(500);
    delivered.push(...numbers(batch));
    return {};
  });
  return { send, delivered };
}

describe("a poisoned item", () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.useFakeTimers();
    warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    warn.mockRestore();
  });

  it("is set aside and reported while every item around it is delivered; the next page sends it again", async () => {
    const store = memoryStore();
    const first = server(2);
    const q = createQueue({ store, key: KEY, send: first.send, delay: 0, backoff: 1000, batchSize: 4 });
    for (let n = 0; n < 6; n++) q.push(ev(n));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(first.delivered.sort()).toEqual([0, 1, 3, 4, 5]);
    // Still stored: nothing is lost.
    expect(numbers(q.pending())).toEqual([2]);
    expect(warn).toHaveBeenCalledWith("[beckon] Rejected by the server", 500);

    // Items pushed later on the same page are not held up either, and the poisoned one is not sent again here.
    const calls = first.send.mock.calls.length;
    q.push(ev(6));
    await vi.advanceTimersByTimeAsync(1000);
    expect(first.delivered).toContain(6);
    expect(first.send.mock.calls.slice(calls).map(([b]) => numbers(b))).toEqual([[6]]);

    // The next page, with the server fixed, sends it.
    const second = server(null);
    const next = createQueue({ store, key: KEY, send: second.send, delay: 0 });
    await next.flush();
    expect(second.delivered).toEqual([2]);
    expect(next.pending()).toEqual([]);
  });

  it("a lone contact that fails with 500 three times in a row is set aside, and the next contact goes through", async () => {
    const store = memoryStore();
    const s = server(0);
    const q = createQueue({ store, key: "cf_1_contacts", send: s.send, delay: 0, backoff: 1000, batchSize: 1 });
    q.push(ev(0));
    // Timers of 0 ms run after 1 ms, as in Node: tries at 1 ms and, backing off, 1 and 3 s.
    await vi.advanceTimersByTimeAsync(1001);
    q.push(ev(1));
    await vi.advanceTimersByTimeAsync(2001);
    expect(s.send.mock.calls.map(([b]) => numbers(b))).toEqual([[0], [0], [0], [1]]);
    expect(s.delivered).toEqual([1]);
    expect(numbers(q.pending())).toEqual([0]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("an outage (503, no answer) sets nothing aside: everything waits, stored", async () => {
    const store = memoryStore();
    let status = 503;
    const send = vi.fn(async (_batch: WireEvent[]) => {
      throw httpError(status);
    });
    const q = createQueue({ store, key: KEY, send, delay: 0, backoff: 1000, maxBackoff: 2000, batchSize: 4 });
    for (let n = 0; n < 3; n++) q.push(ev(n));
    await vi.advanceTimersByTimeAsync(10_000);
    status = 0;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send.mock.calls.length).toBeGreaterThan(5);
    // Every retry still starts with the first item: none was set aside.
    expect(send.mock.calls.every(([b]) => b[0].data.n === 0)).toBe(true);
    expect(numbers(q.pending())).toEqual([0, 1, 2]);
    expect(warn).not.toHaveBeenCalled();
  });
});
