import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MailSettings } from "@/lib/env";
import type { LeadInbox } from "@/lib/leads/inbox";
import { captureLogs, type LogLine } from "@/lib/log";
import { storeLead } from "@/tests/support/leads";
import { testInbox } from "@/tests/support/test-inbox";
import { composeMail, type ComposedMail } from "./compose";
import { MAIL_EVENTS, composeAndSend, sendMailJob, type SendMail } from "./mail-relay";

// A template that throws stands for any rendering bug: the real composeMail otherwise. Passed in,
// not mocked as a module: without isolation another test file may have loaded this relay (and the
// real ./compose) first in the same worker, which a module mock then never reached.
const render = { fails: false };
const compose: typeof composeMail = (...args) => {
  if (render.fails) throw new Error("the template broke");
  return composeMail(...args);
};

const SETTINGS: MailSettings = {
  smtpUrl: "smtp://127.0.0.1:2525",
  notifyTo: ["owner@example.com"],
  from: { name: "Suncoast Shine", address: "quotes@example.com" },
  windowMs: 120_000,
  settleMs: 15_000,
};

let inbox: LeadInbox;
let logs: LogLine[];
let restoreLogs: () => void;
let sent: ComposedMail[];
const send: SendMail = async (_smtpUrl, mail) => {
  sent.push(mail);
  return { ok: true };
};

beforeEach(() => {
  inbox = testInbox("mail-relay");
  logs = [];
  restoreLogs = captureLogs(logs);
  sent = [];
  render.fails = false;
});

afterEach(() => restoreLogs());

const visitorJob = () =>
  inbox.mail.claim({ limit: 10, ignoreSchedule: true }).find((job) => job.kind === "visitor") ??
  expect.fail("no confirmation was queued");

describe("an e-mail that cannot be rendered", () => {
  it("is kept with the reason and retried, not sent and not lost; once it renders, it goes", async () => {
    const { lead } = storeLead(inbox, {}, { mail: SETTINGS });
    render.fails = true;
    expect(await sendMailJob(inbox.mail, SETTINGS, visitorJob(), { send, compose })).toBe("retry");
    expect(sent).toEqual([]);
    const kept = inbox.mail.mailOf(lead.id).find((row) => row.kind === "visitor");
    expect(kept).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "Could not render: Error: the template broke",
    });
    expect(kept?.dueAt).toBeGreaterThan(Date.now());
    expect(logs).toContainEqual(
      expect.objectContaining({ event: MAIL_EVENTS.retry, leadId: lead.id, mail: "visitor" }),
    );

    render.fails = false;
    expect(await sendMailJob(inbox.mail, SETTINGS, visitorJob(), { send, compose })).toBe("sent");
    expect(sent.map((mail) => [mail.kind, mail.to])).toEqual([["visitor", [lead.email]]]);
    expect(inbox.mail.mailOf(lead.id).find((row) => row.kind === "visitor")?.status).toBe("sent");
  });

  it("is the only failure called a rendering one: the mail server's own answer is passed on as it is", async () => {
    const refused = { ok: false, retryable: false, error: "SMTP 550: No such mailbox" } as const;
    const compose = () => Promise.resolve({} as ComposedMail);
    expect(await composeAndSend(async () => refused, SETTINGS, compose)).toBe(refused);
    const broken = () => Promise.reject(new Error("no lead"));
    const unsent = vi.fn<SendMail>();
    expect(await composeAndSend(unsent, SETTINGS, broken)).toEqual({
      ok: false,
      retryable: true,
      error: "Could not render: Error: no lead",
    });
    expect(unsent).not.toHaveBeenCalled();
  });
});
