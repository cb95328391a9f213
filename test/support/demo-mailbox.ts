/**
 * The demo's e2e stack with its mail server, as `npm start` runs them: the
 * demo mailbox (a real SMTP server) starts first, the server is started with
 * SMTP_URL and BECKON_DEMO_MAILBOX pointing at it, and both go at the end.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { startMailbox, type Mailbox } from "#demo/mail/mailbox";
import { withE2eStack } from "#test/support/e2e-stack";

/** Registers the hooks (call at the top of a test file); the function it returns gives the running mailbox. */
export function withDemoStackAndMailbox(): () => Mailbox {
  let mailbox: Mailbox | undefined;
  let mailDir = "";
  // Filled before the stack's own beforeAll starts the server with it.
  const env: Record<string, string> = {};
  beforeAll(async () => {
    mailDir = mkdtempSync(path.join(tmpdir(), "beckon-demo-mail-"));
    mailbox = await startMailbox({ dir: mailDir });
    env.SMTP_URL = mailbox.url;
    env.BECKON_DEMO_MAILBOX = mailDir;
  });
  withE2eStack({ demo: true, env });
  afterAll(async () => {
    await mailbox?.close();
    if (mailDir) rmSync(mailDir, { recursive: true, force: true });
  });
  return () => {
    if (!mailbox) throw new Error("the demo mailbox is not running: call inside a test");
    return mailbox;
  };
}
