/**
 * The visitor state machine of SPEC 4: visitor (create, stored, refetch or
 * regenerate: visitor.ts) → integration (targeting) sync → enrichment
 * (geolocation, store cart, company data, side by side) → ready. A step
 * that fails or outlives its time-out is marked so and loading goes on;
 * nothing here rejects.
 */

export type Phase = "visitor" | "sync" | "enrich" | "ready";
export type StepStatus = "ok" | "failed" | "timeout" | "skipped";

type Timers = { set?: (fn: () => void, ms: number) => any; clear?: (t: any) => void };

/** Rejects with Error("timeout") when `promise` takes longer than `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, timers: Timers = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = (timers.set ?? ((f, m) => setTimeout(f, m)))(() => reject(new Error("timeout")), ms);
    promise.then(resolve, reject).finally(() => (timers.clear ?? clearTimeout)(timer));
  });
}

/** A step: what it does and its time-out in ms. */
export type Step<V> = [(visitor: V) => Promise<unknown>, number] | undefined | null | false;

export interface LifecycleDef<V> extends Timers {
  visitor(): Promise<V>;
  /** Targeting sync (SPEC 9: 5 s). */
  sync?: Step<V>;
  /** Enrichment steps by name, run side by side. */
  enrich?: Record<string, Step<V>>;
  onPhase?(phase: Phase): void;
}

export interface LifecycleResult<V> {
  visitor: V;
  steps: Record<string, StepStatus>;
}

/** Runs the steps in order and resolves when the visitor is ready. */
export async function runLifecycle<V>(def: LifecycleDef<V>): Promise<LifecycleResult<V>> {
  const steps: Record<string, StepStatus> = {};
  const phase = (current: Phase) => {
    try {
      def.onPhase?.(current);
    } catch {
      /* an observer's error is not ours */
    }
  };
  const run = async (name: string, step: Step<V>, loaded: V) => {
    if (!step) return void (steps[name] = "skipped");
    try {
      await withTimeout(
        Promise.resolve().then(() => step[0](loaded)),
        step[1],
        def,
      );
      steps[name] = "ok";
    } catch (e) {
      steps[name] = (e as Error)?.message === "timeout" ? "timeout" : "failed";
    }
  };
  phase("visitor");
  const visitor = await def.visitor();
  steps.visitor = "ok";
  phase("sync");
  await run("sync", def.sync, visitor);
  phase("enrich");
  await Promise.all(Object.entries(def.enrich || {}).map(([name, step]) => run(name, step, visitor)));
  phase("ready");
  return { visitor, steps };
}
