import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { freePort } from "./processes";

/** One message as it reached the server: the raw text, parsed, and the envelope's recipients. */
export type Received = { raw: string; mail: ParsedMail; to: string[] };

export type SmtpSink = {
  url: string;
  received: Received[];
  /** Refuses a recipient with this 5xx reply (null: accept everyone). */
  refuse: (rule: ((address: string) => string | null) | null) => void;
  /** Stops listening: connections are refused, as when the mail server is down. */
  down: () => Promise<void>;
  /** Listens again on the same port. */
  up: () => Promise<void>;
};

/**
 * A real SMTP server inside the test process (smtp-server), parsing what arrives (mailparser); on a
 * free port unless given one (`npm run mail` gives its own).
 */
export async function startSmtpSink({
  port: fixedPort,
}: { port?: number } = {}): Promise<SmtpSink> {
  const port = fixedPort ?? (await freePort());
  const received: Received[] = [];
  let refusal: ((address: string) => string | null) | null = null;
  let server: SMTPServer | null = null;

  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onRcptTo(address, _session, callback) {
        const reply = refusal?.(address.address);
        if (!reply) return callback();
        callback(Object.assign(new Error(reply), { responseCode: 550 }));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          simpleParser(raw)
            .then((mail) => {
              received.push({ raw, mail, to: session.envelope.rcptTo.map((rcpt) => rcpt.address) });
              callback();
            })
            .catch((error: Error) => callback(error));
        });
      },
    });

  const up = () =>
    new Promise<void>((resolve, reject) => {
      const next = make();
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => resolve());
      server = next;
    });
  const down = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = null;
      if (!current) return resolve();
      current.close(() => resolve());
    });

  await up();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse: (rule) => {
      refusal = rule;
    },
    down,
    up,
  };
}
