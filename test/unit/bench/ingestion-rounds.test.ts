/** The ingestion bench reports the median round with every round beside it, and judges each database by its own goal. */
import { describe, expect, it } from "vitest";
import { INGESTION_GOALS, ingestionTable, medianRound, type IngestionResult } from "#bench/ingestion";

const round = (events_per_s: number, database: IngestionResult["database"] = "postgresql"): IngestionResult => ({
  database,
  duration_s: 10,
  connections: 10,
  batch: 50,
  requests: events_per_s / 5,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  requests_per_s: events_per_s / 50,
  events_per_s,
  events_stored: events_per_s * 10,
  latency_ms: { p50: 40, p90: 60, p99: 90, max: 120 },
});

describe("ingestion rounds", () => {
  it("take the median round, whatever the run order, and keep every round's figure", () => {
    const r = medianRound([round(11_791), round(9_616), round(10_614)]);
    expect(r.events_per_s).toBe(10_614);
    expect(r.events_stored).toBe(106_140);
    expect(r.rounds_events_per_s).toEqual([11_791, 9_616, 10_614]);
    expect(medianRound([round(5), round(7)]).events_per_s).toBe(5);
    expect(medianRound([round(3)]).rounds_events_per_s).toEqual([3]);
    expect(() => medianRound([])).toThrow(/no rounds/);
  });

  it("say per database whether its goal is met", () => {
    const t = ingestionTable([medianRound([round(9_999)]), medianRound([round(6_000, "sqlite")])]);
    expect(t.rows[0].slice(0, 4)).toEqual(["postgresql", 9_999, "9999", `${INGESTION_GOALS.postgresql}: NOT met`]);
    expect(t.rows[1].slice(0, 4)).toEqual(["sqlite", 6_000, "6000", `${INGESTION_GOALS.sqlite}: met`]);
  });
});
