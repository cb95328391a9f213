/**
 * DKIM over real SMTP: with SMTP_DKIM_* set, a message a real SMTP server
 * (smtp-server on a free port) receives carries a DKIM-Signature that
 * verifies against the public key; a changed body or subject, or another
 * key, fails. Without the settings nothing is signed.
 */
import { generateKeyPairSync } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import { createSmtpTransport, dkimFromEnv, type OutgoingMail } from "#app/integrations/email/smtp-transport.server";
import { verifyDkim } from "#test/support/dkim-verify";

let server: SMTPServer;
let url: string;
const received: string[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
const other = generateKeyPairSync("rsa", { modulusLength: 2048 });
const pem = keys.privateKey.export({ type: "pkcs8", format: "pem" }).toString();

const mail = (to: string): OutgoingMail => ({
  from: { name: "Säljakademin", address: "info@saljakademin.se" },
  to,
  subject: "Bekräfta din prenumeration hos Säljakademin",
  text: "Hej Anna,\n\nBekräfta med länken nedan.  Två  mellanslag   och rader med blanksteg   \n\n\n",
  html: "<p>Hej Anna,</p><p>Bekräfta med länken nedan.</p>",
  messageId: "<beckon.1.1@saljakademin.se>",
  headers: {
    "List-Unsubscribe": "<https://beckon.example/mail/unsubscribe?t=x>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  },
});

async function sendAndReceive(to: string, env: Record<string, string>): Promise<string> {
  const transport = createSmtpTransport(url, dkimFromEnv(env));
  try {
    await transport.send(mail(to));
  } finally {
    transport.close();
  }
  const raw = received.find((r) => r.includes(`To: ${to}`));
  if (!raw) throw new Error(`nothing received for ${to}`);
  return raw;
}

describe("DKIM signing", () => {
  const env = {
    SMTP_URL: "smtp://127.0.0.1:1",
    SMTP_DKIM_DOMAIN: "saljakademin.se",
    SMTP_DKIM_SELECTOR: "beckon2026",
    // As an environment variable holds it: newlines written as \n.
    SMTP_DKIM_PRIVATE_KEY: pem.replace(/\n/g, "\\n"),
  };

  it("signs what the server receives so that it verifies against the public key", async () => {
    const raw = await sendAndReceive("anna@kund.se", env);
    const result = verifyDkim(raw, keys.publicKey);
    expect(result).toMatchObject({ ok: true, domain: "saljakademin.se", selector: "beckon2026" });
    if (!result.ok) return;
    // What a mailbox provider needs covered: the sender, the subject and the one-click unsubscribe.
    for (const header of ["from", "subject", "to", "message-id", "list-unsubscribe", "list-unsubscribe-post"])
      expect(result.signedHeaders).toContain(header);
    expect(verifyDkim(raw, other.publicKey)).toEqual({ ok: false, reason: "signature mismatch" });
  });

  it("fails when the body or a signed header is changed on the way", async () => {
    const raw = await sendAndReceive("bo@kund.se", env);
    // The body arrives encoded (quoted-printable or base64): change its first line, whatever it holds.
    const bodyChanged = raw.replace("\r\n\r\n", "\r\n\r\nX");
    expect(verifyDkim(bodyChanged, keys.publicKey)).toEqual({ ok: false, reason: "body hash mismatch" });
    const subjectChanged = raw.replace(/^Subject: .*$/m, "Subject: =?UTF-8?Q?Vinn_en_resa?=");
    expect(verifyDkim(subjectChanged, keys.publicKey)).toEqual({ ok: false, reason: "signature mismatch" });
  });

  it("signs nothing without all three settings", async () => {
    expect(dkimFromEnv({ ...env, SMTP_DKIM_SELECTOR: "" })).toBeNull();
    const raw = await sendAndReceive("cilla@kund.se", { SMTP_URL: env.SMTP_URL });
    expect(raw).not.toMatch(/^DKIM-Signature:/im);
    expect(verifyDkim(raw, keys.publicKey)).toEqual({ ok: false, reason: "no DKIM-Signature" });
  });
});
