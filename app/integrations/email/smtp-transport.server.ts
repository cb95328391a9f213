/**
 * The SMTP transport (nodemailer) the built-in lists send through, from
 * SMTP_URL and the optional SMTP_DKIM_* settings. A refusal is judged like
 * a tool's answer (mailing/types.ts): 4xx, time-outs and network errors are
 * retried by the outbox; a 5xx is permanent, and a 5xx refusal of the
 * recipient is a hard bounce, after which the address is never mailed again.
 */
import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { ProviderError } from "#app/integrations/mailing/types";
import { serverEnv, type EnvSource } from "#app/server/env.server";
import type { Mailbox } from "./mail-address";

/** One e-mail, every text already cleaned (mail-address.ts) and rendered. */
export interface OutgoingMail {
  from: Mailbox;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per outbox job, so a resend after a crash is recognisably the same message. */
  messageId: string;
  headers: Record<string, string>;
}

/** A refusal of the recipient itself (RFC 5321 5xx to RCPT TO): the address does not take mail. */
export class HardBounce extends ProviderError {
  constructor(message: string, status: number) {
    super(message, false, status);
    this.name = "HardBounce";
  }
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Time-outs of one SMTP exchange: a hung server is a retryable failure, not a stuck worker. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

interface SmtpError {
  code?: string;
  responseCode?: number;
  response?: string;
  command?: string;
  message?: string;
}

/** The outbox's verdict on a failed send. */
export function judgeSmtpError(thrown: unknown): ProviderError {
  const smtpError = (thrown ?? {}) as SmtpError;
  const status = typeof smtpError.responseCode === "number" ? smtpError.responseCode : null;
  // The server's words, without the password a URL may hold (nodemailer never echoes it, but be sure).
  const said = String(smtpError.response ?? smtpError.message ?? "unknown error").slice(0, 300);
  if (status !== null && status >= 500) {
    if (smtpError.code === "EENVELOPE" && /^RCPT/i.test(smtpError.command ?? "RCPT"))
      return new HardBounce(`The mail server refused the address (${status}): ${said}`, status);
    return new ProviderError(`The mail server refused the message (${status}): ${said}`, false, status);
  }
  if (smtpError.code === "EAUTH")
    return new ProviderError(`The mail server refused the login in SMTP_URL: ${said}`, false);
  return new ProviderError(`Sending failed, will retry: ${said}`, true, status);
}

export interface DkimSettings {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/** DKIM settings when all three SMTP_DKIM_* are set, else null. */
export function dkimFromEnv(source?: EnvSource): DkimSettings | null {
  const env = serverEnv(source);
  if (!env.dkimDomain || !env.dkimSelector || !env.dkimPrivateKey) return null;
  return {
    domainName: env.dkimDomain,
    keySelector: env.dkimSelector,
    privateKey: env.dkimPrivateKey.replace(/\\n/g, "\n"),
  };
}

/** A transport to one SMTP server. */
export function createSmtpTransport(url: string, dkim: DkimSettings | null = null): MailTransport {
  const parsed = new URL(url);
  const options: SMTPTransport.Options = {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : parsed.protocol === "smtps:" ? 465 : 587,
    secure: parsed.protocol === "smtps:",
    auth: parsed.username
      ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
      : undefined,
    // A local server (the demo's, a test's) speaks plain SMTP: no STARTTLS demanded of 127.0.0.1.
    ignoreTLS: parsed.hostname === "127.0.0.1" || parsed.hostname === "localhost",
    ...TIMEOUTS,
    ...(dkim ? { dkim } : {}),
  };
  const transport = nodemailer.createTransport(options);
  return {
    async send(mail) {
      try {
        await transport.sendMail({
          from: { name: mail.from.name ?? "", address: mail.from.address },
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
          headers: mail.headers,
          // Bounces go to the From address's mailbox (the envelope sender).
          envelope: { from: mail.from.address, to: [mail.to] },
        });
      } catch (e) {
        throw judgeSmtpError(e);
      }
    },
    close: () => transport.close(),
  };
}

/** The transport SMTP_URL names, or null when sending is off. */
export function smtpTransportFromEnv(source?: EnvSource): MailTransport | null {
  const url = serverEnv(source).smtpUrl;
  return url ? createSmtpTransport(url, dkimFromEnv(source)) : null;
}

/** Whether e-mail sending is configured at all (the admin says so where a list would send). */
export const sendingConfigured = (source?: EnvSource): boolean => serverEnv(source).smtpUrl !== null;
