import { describe, expect, it } from "vitest";
import { eventTime } from "#app/models/event.server";

describe("eventTime", () => {
  const now = Date.UTC(2026, 10, 21, 12);
  it("keeps a plausible visitor time (a queued event arriving late)", () => {
    expect(eventTime(now - 3 * 3600_000, now).getTime()).toBe(now - 3 * 3600_000);
  });
  it("uses the server time for future or ancient times, or none", () => {
    expect(eventTime(now + 3600_000, now).getTime()).toBe(now);
    expect(eventTime(now - 30 * 24 * 3600_000, now).getTime()).toBe(now);
    expect(eventTime(undefined, now).getTime()).toBe(now);
  });
});
