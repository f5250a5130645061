import path from "node:path";
import { expect, test } from "@playwright/test";
import { createTransport } from "nodemailer";
import { freePort, startService } from "../support/processes";

/** `npm run mail` as a developer uses it: point SMTP_URL at it, then read the e-mails on its page. */

const ROOT = path.resolve(import.meta.dirname, "../..");

test("the mail catcher keeps what the site sends and shows it, newest first, HTML, text and source", async () => {
  const [smtpPort, httpPort] = [await freePort(), await freePort()];
  const page = `http://127.0.0.1:${httpPort}`;
  const catcher = await startService(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/mail-catcher.ts",
      "--smtp-port",
      String(smtpPort),
      "--http-port",
      String(httpPort),
    ],
    { cwd: ROOT, env: {}, ready: async () => (await fetch(page)).ok },
  );
  try {
    expect(catcher.output()).toContain(`SMTP_URL=smtp://127.0.0.1:${smtpPort}`);
    expect(await (await fetch(page)).text()).toContain("No e-mail yet");

    const smtp = createTransport(`smtp://127.0.0.1:${smtpPort}`);
    for (const subject of ["New quote request: Ana <Pérez>", "Quote updated"]) {
      await smtp.sendMail({
        from: "Suncoast Shine <quotes@suncoastshine.test>",
        to: "owner@suncoastshine.test",
        subject,
        html: `<p>First visit: <b>$325</b></p>`,
        text: `${subject}: $325`,
      });
    }

    const list = await (await fetch(page)).text();
    expect(list).toContain("Mail caught: 2");
    const updated = list.indexOf("Quote updated");
    const created = list.indexOf("New quote request: Ana &lt;Pérez&gt;");
    expect(updated).toBeGreaterThan(-1);
    expect(created).toBeGreaterThan(updated);

    const message = await (await fetch(`${page}/messages/0`)).text();
    expect(message).toContain('srcdoc="&lt;p&gt;First visit: &lt;b&gt;$325&lt;/b&gt;&lt;/p&gt;"');
    expect(message).toContain("<pre>New quote request: Ana &lt;Pérez&gt;: $325");
    const raw = await (await fetch(`${page}/messages/0.eml`)).text();
    expect(raw).toMatch(/^Subject: /m);
    expect((await fetch(`${page}/messages/2`)).status).toBe(404);
  } finally {
    await catcher.stop();
  }
});
