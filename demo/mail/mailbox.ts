/**
 * The demo's mail server: a real SMTP server (smtp-server) on 127.0.0.1
 * and a free port, which keeps every message it accepts, parsed by
 * mailparser, as one JSON file in a folder. `npm start` runs it when no
 * SMTP_URL is configured, so the built-in lists' e-mails arrive somewhere a
 * newcomer can read them (the demo's mail page, /demo/mail); tests run it
 * as the stand-in for a provider's SMTP server.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerAddress } from "smtp-server";
import { simpleParser } from "mailparser";

/** One received e-mail as the mail page shows it. */
export interface StoredMail {
  /** File name without .json: sortable by arrival. */
  id: string;
  receivedAt: string;
  envelopeFrom: string;
  envelopeTo: string[];
  from: string;
  to: string;
  subject: string;
  messageId: string | null;
  /** Lower-cased header names to their values (as text). */
  headers: Record<string, string>;
  text: string;
  html: string | null;
}

/** A refusal the server gives a recipient (a test's fault). */
export interface SmtpRefusal {
  code: number;
  message: string;
}

export interface MailboxOptions {
  /** Where messages are kept; absent: in memory only. */
  dir?: string;
  port?: number;
  /** Decides per recipient whether the server refuses it (tests: 550 for a hard bounce, 451 for a busy server). */
  refuseRecipient?: (address: string) => SmtpRefusal | null;
  /** Called for each stored message. */
  onMail?: (mail: StoredMail) => void;
}

export interface Mailbox {
  /** smtp://127.0.0.1:port, for SMTP_URL. */
  url: string;
  port: number;
  /** Messages in the order they arrived. */
  messages(): StoredMail[];
  close(): Promise<void>;
}

/** The biggest message the demo keeps: far above any e-mail Beckon sends. */
const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

function smtpError(refusal: SmtpRefusal): Error {
  return Object.assign(new Error(refusal.message), { responseCode: refusal.code });
}

/** Starts the server; resolves once it listens. */
export async function startMailbox(options: MailboxOptions = {}): Promise<Mailbox> {
  const kept: StoredMail[] = [];
  let counter = 0;
  if (options.dir) mkdirSync(options.dir, { recursive: true });
  const server = new SMTPServer({
    // Local only, no accounts: any sender is taken, no TLS to negotiate.
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const refusal = options.refuseRecipient?.(address.address) ?? null;
      callback(refusal ? smtpError(refusal) : undefined);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const headers: Record<string, string> = {};
          for (const line of parsed.headerLines) headers[line.key] = line.line.slice(line.line.indexOf(":") + 1).trim();
          const receivedAt = new Date();
          const mail: StoredMail = {
            id: `${receivedAt.getTime()}-${String(counter++).padStart(6, "0")}`,
            receivedAt: receivedAt.toISOString(),
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            from: parsed.from?.text ?? "",
            to: Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(", ") : (parsed.to?.text ?? ""),
            subject: parsed.subject ?? "",
            messageId: parsed.messageId ?? null,
            headers,
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : null,
          };
          kept.push(mail);
          if (options.dir) writeFileSync(path.join(options.dir, `${mail.id}.json`), JSON.stringify(mail));
          options.onMail?.(mail);
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages: () => [...kept],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The messages kept in a folder, newest first (at most `limit`); a file that does not parse is skipped. */
export function readMailbox(dir: string, limit = 50): StoredMail[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => /^\d+-\d+\.json$/.test(n));
  } catch {
    return [];
  }
  return names
    .sort()
    .reverse()
    .slice(0, limit)
    .flatMap((name) => {
      try {
        return [JSON.parse(readFileSync(path.join(dir, name), "utf8")) as StoredMail];
      } catch {
        return [];
      }
    });
}
