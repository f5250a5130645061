/**
 * `npm run mail`: a local mail catcher, to see the owner's and the visitor's e-mails without a mail
 * provider. An SMTP server on 127.0.0.1 keeps every message it is sent (the tests' own SMTP sink) and
 * a page lists them, each readable as its HTML, its text and its raw source. Prints the settings
 * that point the site at it; Ctrl-C stops it. Nothing is kept after it stops.
 */
import { createServer, type ServerResponse } from "node:http";
import { parseArgs } from "node:util";
import { startSmtpSink, type Received } from "../tests/support/smtp-sink";

const { values } = parseArgs({
  options: {
    "smtp-port": { type: "string", default: "1025" },
    "http-port": { type: "string", default: "1080" },
  },
});
const smtpPort = Number(values["smtp-port"]);
const httpPort = Number(values["http-port"]);

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? "",
  );

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font:16px system-ui,sans-serif;margin:2rem;max-width:60rem}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.4rem;border-bottom:1px solid #ccc}iframe{width:100%;height:40rem;border:1px solid #ccc}
pre{white-space:pre-wrap;background:#f4f4f4;padding:1rem}</style></head><body>${body}</body></html>`;
}

function listPage(received: readonly Received[]): string {
  const rows = received
    .map(
      ({ mail, to }, index) =>
        `<tr><td>${escape(mail.date?.toLocaleString() ?? "")}</td><td>${escape(to.join(", "))}</td>` +
        `<td><a href="/messages/${index}">${escape(mail.subject ?? "(no subject)")}</a></td></tr>`,
    )
    .reverse()
    .join("");
  return page(
    "Mail catcher",
    `<h1>Mail caught: ${received.length}</h1><p><a href="/">Refresh</a></p>` +
      (rows
        ? `<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
        : "<p>No e-mail yet: send a quote from the site.</p>"),
  );
}

function messagePage({ mail, to }: Received, index: number): string {
  const html = typeof mail.html === "string" ? mail.html : "";
  return page(
    mail.subject ?? "(no subject)",
    `<p><a href="/">All e-mails</a> · <a href="/messages/${index}.eml">Raw source</a></p>` +
      `<h1>${escape(mail.subject ?? "(no subject)")}</h1>` +
      `<p>From: ${escape(mail.from?.text ?? "")}<br>To: ${escape(to.join(", "))}<br>` +
      `Reply-To: ${escape(mail.replyTo?.text ?? "")}</p>` +
      (html ? `<iframe sandbox title="HTML part" srcdoc="${escape(html)}"></iframe>` : "") +
      `<h2>Text part</h2><pre>${escape(mail.text ?? "")}</pre>`,
  );
}

function send(response: ServerResponse, status: number, type: string, body: string) {
  response.writeHead(status, { "content-type": `${type}; charset=utf-8` }).end(body);
}

const sink = await startSmtpSink({ port: smtpPort });
const http = createServer((request, response) => {
  const path = new URL(request.url ?? "/", "http://localhost").pathname;
  if (path === "/") return send(response, 200, "text/html", listPage(sink.received));
  const match = /^\/messages\/(\d+)(\.eml)?$/.exec(path);
  const message = match ? sink.received[Number(match[1])] : undefined;
  if (!match || !message) return send(response, 404, "text/plain", "No such e-mail");
  if (match[2]) return send(response, 200, "text/plain", message.raw);
  send(response, 200, "text/html", messagePage(message, Number(match[1])));
});
http.listen(httpPort, "127.0.0.1", () => {
  console.log(
    [
      `Mail catcher: SMTP on ${sink.url}, e-mails at http://127.0.0.1:${httpPort}/`,
      "Put these in .env.local and restart the site (npm start):",
      `SMTP_URL=${sink.url}`,
      "LEADS_NOTIFY_TO=owner@suncoastshine.test",
      "MAIL_FROM=Suncoast Shine <quotes@suncoastshine.test>",
    ].join("\n"),
  );
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    http.close();
    void sink.down().then(() => process.exit(0));
  });
}
