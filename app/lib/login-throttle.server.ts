/**
 * Throttling of owner sign-in attempts, in memory (one server process).
 *
 * Every attempt is counted BEFORE its password is checked: the count and the
 * decision are one synchronous step, so concurrent attempts cannot all pass
 * the check while the slow password hashes run (a check-then-act race let 20
 * parallel guesses through a limit of 10). A successful sign-in hands its
 * unit back, so only failures use up a budget.
 *
 * Three budgets, so that an attacker cannot lock the rightful owner out:
 * - a device that has signed in to the account before (a signed "known
 *   device" cookie, see known-device.server.ts) has a budget of its own and
 *   skips the other two: guesses from elsewhere never shut it out;
 * - any other attempt spends from its client address (a firm limit, as
 *   before per quarter hour) and from the account named (a slowdown: once
 *   the burst is spent, one more attempt every few seconds, never a long
 *   lockout, since anyone on the internet can spend it).
 */

/** How many failed attempts a budget absorbs at once, and how fast it refills. */
export interface AttemptBudget {
  /** Failures allowed in a burst. */
  burst: number;
  /** One failure is forgotten every this many milliseconds. */
  refillMs: number;
}

/** The budgets of owner sign-in. */
export const LOGIN_BUDGETS = {
  /** Per client address, on any accounts: 20 per quarter hour. */
  address: { burst: 20, refillMs: 45_000 },
  /** Per account, from devices not known to it: 10 at once, then one every 30 s. */
  account: { burst: 10, refillMs: 30_000 },
  /** Per known device: 10 per quarter hour. */
  device: { burst: 10, refillMs: 90_000 },
} as const satisfies Record<string, AttemptBudget>;

const MAX_TRACKED_KEYS = 50_000;

/**
 * Failed attempts per key as a leaky bucket: each failure adds one, one
 * drains every refillMs, and an attempt may go ahead while the bucket is
 * below the burst. The bound on keys keeps a flood of made-up e-mail
 * addresses from growing memory without limit.
 */
export class AttemptLimiter {
  // Per key, the "debt" in milliseconds: each failure adds refillMs, and it
  // drains one millisecond per millisecond (integers: no rounding drift).
  private readonly debts = new Map<string, { debt: number; at: number }>();

  constructor(readonly budget: AttemptBudget) {}

  private debt(key: string, now: number): number {
    const entry = this.debts.get(key);
    return entry ? Math.max(0, entry.debt - (now - entry.at)) : 0;
  }

  /** Milliseconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string, now = Date.now()): number {
    return Math.max(0, this.debt(key, now) - (this.budget.burst - 1) * this.budget.refillMs);
  }

  /** Counts one attempt for the key (call only after retryAfter said 0). */
  take(key: string, now = Date.now()): void {
    const debt = this.debt(key, now) + this.budget.refillMs;
    this.debts.delete(key);
    if (this.debts.size >= MAX_TRACKED_KEYS) this.prune(now);
    this.debts.set(key, { debt, at: now });
  }

  /** Hands back one attempt (it succeeded, or never reached the password check). */
  refund(key: string, now = Date.now()): void {
    const debt = this.debt(key, now) - this.budget.refillMs;
    if (debt <= 0) this.debts.delete(key);
    else this.debts.set(key, { debt, at: now });
  }

  /** Number of keys held (for tests and the memory bound). */
  get size(): number {
    return this.debts.size;
  }

  private prune(now: number): void {
    for (const [k, e] of this.debts) if (e.debt <= now - e.at) this.debts.delete(k);
    // Still full of live entries: drop the least recently touched (Map keeps insertion order).
    while (this.debts.size >= MAX_TRACKED_KEYS) {
      const oldest = this.debts.keys().next().value;
      if (oldest === undefined) break;
      this.debts.delete(oldest);
    }
  }
}

/** Who is attempting to sign in, as the throttle sees it. */
export interface LoginAttemptKeys {
  email: string;
  /** The client address (clientIp), null when the server does not know it. */
  ip: string | null;
  /** This browser's known-device id for the account, null when it has none. */
  device: string | null;
}

/** One counted sign-in attempt. */
export interface LoginAttempt {
  /** 0 when the attempt was counted and may go ahead; else seconds to wait (nothing was counted). */
  retryAfterSeconds: number;
  /** Hands the attempt back: the password was right, or the check never ran. */
  refund(): void;
}

/** The three budgets of one server process. */
export class LoginThrottle {
  readonly byAddress = new AttemptLimiter(LOGIN_BUDGETS.address);
  readonly byAccount = new AttemptLimiter(LOGIN_BUDGETS.account);
  readonly byDevice = new AttemptLimiter(LOGIN_BUDGETS.device);

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts an attempt before its password is checked, or says how long to wait. */
  attempt(keys: LoginAttemptKeys): LoginAttempt {
    const now = this.now();
    const spends: [AttemptLimiter, string][] = keys.device
      ? [[this.byDevice, keys.device]]
      : [
          [this.byAccount, keys.email.trim().toLowerCase()],
          ...(keys.ip ? ([[this.byAddress, keys.ip]] as [AttemptLimiter, string][]) : []),
        ];
    const waitMs = Math.max(0, ...spends.map(([limiter, key]) => limiter.retryAfter(key, now)));
    if (waitMs > 0) return { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)), refund() {} };
    for (const [limiter, key] of spends) limiter.take(key, now);
    let refunded = false;
    return {
      retryAfterSeconds: 0,
      refund: () => {
        if (refunded) return;
        refunded = true;
        for (const [limiter, key] of spends) limiter.refund(key, this.now());
      },
    };
  }
}

let shared: LoginThrottle | undefined;

/** The server's sign-in throttle. */
export function loginThrottle(): LoginThrottle {
  return (shared ??= new LoginThrottle());
}
