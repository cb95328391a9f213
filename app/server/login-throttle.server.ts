/**
 * Throttling of owner sign-in attempts, in the process's rate-limit store:
 * memory for one embedded process, PostgreSQL or Redis when several server
 * processes share the database (shared-rate-limit.server.ts), so an attacker
 * spreading guesses over the processes meets one budget, not one each.
 *
 * Every attempt is counted BEFORE its password is checked: the take is one
 * atomic step in the store, so concurrent attempts cannot all pass the check
 * while the slow password hashes run (a check-then-act race let 20 parallel
 * guesses through a limit of 10). A successful sign-in hands its unit back,
 * so only failures use up a budget.
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
import type { BucketLimit, RateLimitStore } from "./rate-limit/rate-limit-store.server";
import { rateLimitStore, sharedLimit, type SharedLimit } from "./rate-limit/shared-rate-limit.server";

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

/** A budget as a token bucket: `burst` tokens, one back every refillMs. */
export function bucketOf(budget: AttemptBudget): BucketLimit {
  return { capacity: budget.burst, refillPerSecond: 1000 / budget.refillMs };
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
  refund(): Promise<void>;
}

/** The three budgets, in a rate-limit store (default: the process's, shared with other processes when it is). */
export class LoginThrottle {
  readonly byAddress: SharedLimit;
  readonly byAccount: SharedLimit;
  readonly byDevice: SharedLimit;

  constructor(store: () => RateLimitStore = rateLimitStore) {
    this.byAddress = sharedLimit("loginAddress", bucketOf(LOGIN_BUDGETS.address), store);
    this.byAccount = sharedLimit("loginAccount", bucketOf(LOGIN_BUDGETS.account), store);
    this.byDevice = sharedLimit("loginDevice", bucketOf(LOGIN_BUDGETS.device), store);
  }

  /**
   * Counts an attempt before its password is checked, or says how long to
   * wait. Spends from each budget in turn; a refusal hands back what the
   * attempt took from the budgets before it, so a refused attempt costs nothing.
   */
  async attempt(keys: LoginAttemptKeys): Promise<LoginAttempt> {
    const spends: [SharedLimit, string][] = keys.device
      ? [[this.byDevice, keys.device]]
      : [
          [this.byAccount, keys.email.trim().toLowerCase()],
          ...(keys.ip ? ([[this.byAddress, keys.ip]] as [SharedLimit, string][]) : []),
        ];
    const taken: [SharedLimit, string][] = [];
    for (const [limit, key] of spends) {
      const verdict = await limit.take(key);
      if (!verdict.allowed) {
        await Promise.all(taken.map(([l, k]) => l.take(k, -1)));
        return { retryAfterSeconds: Math.max(1, Math.ceil(verdict.retryAfterMs / 1000)), refund: async () => {} };
      }
      taken.push([limit, key]);
    }
    let refunded = false;
    return {
      retryAfterSeconds: 0,
      refund: async () => {
        if (refunded) return;
        refunded = true;
        await Promise.all(taken.map(([l, k]) => l.take(k, -1)));
      },
    };
  }
}

let shared: LoginThrottle | undefined;

/** The server's sign-in throttle. */
export function loginThrottle(): LoginThrottle {
  return (shared ??= new LoginThrottle());
}
