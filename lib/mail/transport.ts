import "server-only";
import { createTransport } from "nodemailer";
import type { ComposedMail } from "./compose";

/**
 * Sending over SMTP with nodemailer (SMTP_URL). A 5xx reply is final; a 4xx reply, a connection
 * or TLS error and a timeout are worth another try (docs/leads.md, "Notifications").
 */

export type MailOutcome = { ok: true } | { ok: false; retryable: boolean; error: string };

/** The whole send, connection to final reply, gives up after this long. */
const SEND_DEADLINE_MS = 30_000;

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

type SmtpError = { message: string; response?: unknown; responseCode?: unknown };

function describe(error: unknown): MailOutcome {
  const { message, response, responseCode }: SmtpError =
    error instanceof Error ? error : { message: String(error) };
  const said = (typeof response === "string" ? response : message).replace(/\s+/g, " ");
  const text = said.trim().slice(0, 400);
  return typeof responseCode === "number"
    ? { ok: false, retryable: responseCode < 500, error: `SMTP ${responseCode}: ${text}` }
    : { ok: false, retryable: true, error: `SMTP connection failed: ${text}` };
}

/** Sends one e-mail, once; never throws. */
export function sendMail(smtpUrl: string, mail: ComposedMail): Promise<MailOutcome> {
  return withTransport(smtpUrl, (transport) => transport.sendMail(mail));
}

/**
 * Connects and logs in without sending anything (nodemailer's verify): the server's readiness
 * check (lib/health.ts). Never throws.
 */
export function verifyTransport(smtpUrl: string): Promise<MailOutcome> {
  return withTransport(smtpUrl, (transport) => transport.verify());
}

/** One SMTP conversation, given up after SEND_DEADLINE_MS; the connection closed whatever happened. */
async function withTransport(
  smtpUrl: string,
  conversation: (transport: ReturnType<typeof createTransport>) => Promise<unknown>,
): Promise<MailOutcome> {
  const transport = createTransport({ url: smtpUrl, ...TIMEOUTS });
  let timer: NodeJS.Timeout | undefined;
  try {
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${SEND_DEADLINE_MS / 1000} s`)),
        SEND_DEADLINE_MS,
      );
    });
    await Promise.race([conversation(transport), deadline]);
    return { ok: true };
  } catch (error) {
    return describe(error);
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}

/** The e-mail as the raw message a mail program opens (.eml), without sending it. */
export async function rawMessage(mail: ComposedMail): Promise<Buffer> {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await transport.sendMail(mail);
  if (!Buffer.isBuffer(info.message)) throw new Error("nodemailer gave no message buffer");
  return info.message;
}
