/**
 * One way for end-to-end tests to wait for a request the page is about to
 * send: `expectRequest` / `expectResponse` start listening at once (so call
 * them before the click that sends), match on method and path, and reject
 * with an error naming both when nothing matching arrives in time or, given
 * a status, when the answer has another.
 *
 *   const created = expectResponse(page, { method: "POST", path: "/contacts/create" });
 *   await submit.click();
 *   expect((await created).status()).toBe(201);
 */
import type { Page, Request, Response } from "playwright-core";

export interface RequestExpectation {
  /** HTTP method, e.g. "POST"; any method when left out. */
  method?: string;
  /**
   * The URL's path (query ignored) ends with this: "/contacts/create" matches every
   * website's. A RegExp is tested against the whole path.
   */
  path: string | RegExp;
  /** Only requests to this origin (scheme, host and port); any origin when left out. */
  origin?: string;
  /** A further condition, for what method and path cannot tell apart (the body, the frame). */
  where?: (request: Request) => boolean;
  /** Milliseconds to wait; Playwright's default timeout when left out. */
  timeout?: number;
}

export interface ResponseExpectation extends RequestExpectation {
  /** The status the answer must have: another one rejects, naming both. */
  status?: number;
}

/** "POST /contacts/create", as the error messages name an expectation. */
function describe(expected: RequestExpectation): string {
  const where = expected.origin ? `${expected.origin} ` : "";
  return `${expected.method ?? "any method"} ${where}${String(expected.path)}`;
}

function pathMatches(pathname: string, path: string | RegExp): boolean {
  if (typeof path !== "string") return path.test(pathname);
  return pathname.endsWith(path);
}

function matches(request: Request, expected: RequestExpectation): boolean {
  const url = new URL(request.url());
  return (
    (expected.method === undefined || request.method() === expected.method.toUpperCase()) &&
    (expected.origin === undefined || url.origin === expected.origin) &&
    pathMatches(url.pathname, expected.path) &&
    (expected.where === undefined || expected.where(request))
  );
}

/** Rewrites Playwright's "Timeout 30000ms exceeded while waiting for event" into which request never came. */
function naming(expected: RequestExpectation, what: "request" | "response"): (error: unknown) => never {
  return (error) => {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`No ${what} to ${describe(expected)} arrived: ${reason}`, { cause: error });
  };
}

/**
 * The test awaits the expectation only after its action: a rejection that
 * comes during the action (a wrong status, a time-out) is reported when the
 * test awaits it, not first as an unhandled rejection.
 */
function awaitedLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

/** The next request the page sends that matches; listening starts now. */
export function expectRequest(page: Page, expected: RequestExpectation): Promise<Request> {
  return awaitedLater(
    page
      .waitForRequest((request) => matches(request, expected), { timeout: expected.timeout })
      .catch(naming(expected, "request")),
  );
}

/** The answer to the next request that matches; listening starts now. */
export function expectResponse(page: Page, expected: ResponseExpectation): Promise<Response> {
  return awaitedLater(
    page
      .waitForResponse((response) => matches(response.request(), expected), { timeout: expected.timeout })
      .catch(naming(expected, "response"))
      .then((response) => {
        if (expected.status !== undefined && response.status() !== expected.status) {
          throw new Error(`${describe(expected)} answered ${response.status()}, expected ${expected.status}`);
        }
        return response;
      }),
  );
}
