import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MailSettings } from "@/lib/env";
import { openLeadInbox, type LeadInbox } from "@/lib/leads/inbox";
import { resetProcessState } from "@/lib/process-state";
import { storeLead } from "@/tests/support/leads";
import type { ComposedMail } from "./compose";
import { sendLeadMailNow } from "./send-now";

const SETTINGS: MailSettings = {
  smtpUrl: "smtp://127.0.0.1:9",
  notifyTo: ["owner@suncoastshine.example"],
  from: { name: "Suncoast Shine", address: "quotes@suncoastshine.example" },
  windowMs: 1,
  settleMs: 1,
};

let dir: string;
let inbox: LeadInbox;
const sent: ComposedMail[] = [];
const send = async (_url: string, mail: ComposedMail) => {
  sent.push(mail);
  return { ok: true as const };
};

beforeEach(() => {
  resetProcessState();
  sent.length = 0;
  dir = mkdtempSync(path.join(tmpdir(), "send-now-"));
  inbox = openLeadInbox(path.join(dir, "leads.db"));
});
afterEach(() => {
  inbox.close();
  rmSync(dir, { recursive: true, force: true });
  resetProcessState();
});

describe("LEADS_STORE=supabase's e-mails, sent at once", () => {
  it("tell the owner alone of a flagged lead, marked, once however often it is sent", async () => {
    const { lead } = storeLead(inbox, { name: "Quick Bot" }, { spamReason: "honeypot" });
    await sendLeadMailNow(lead, SETTINGS, { send });
    await sendLeadMailNow(lead, SETTINGS, { send });
    expect(sent.map((mail) => [mail.kind, mail.to])).toEqual([
      ["owner", ["owner@suncoastshine.example"]],
    ]);
    expect(sent[0]?.subject).toMatch(/^\[Suspected spam\] New quote: Quick B\./);
    expect(sent[0]?.text.replace(/\s+/g, " ")).toContain("kept flagged in the shared store");
  });

  it("send a real lead's two, the visitor's with the link to the saved quote", async () => {
    const { lead } = storeLead(inbox, { email: "real@example.com" });
    const quoteUrl = `https://suncoastshine.example/my-quote#${lead.id}.secret-token`;
    await sendLeadMailNow(lead, SETTINGS, { send, quoteUrl });
    expect(sent.map((mail) => mail.kind).sort()).toEqual(["owner", "visitor"]);
    expect(sent.find((mail) => mail.kind === "visitor")?.text).toContain(quoteUrl);
    expect(sent.find((mail) => mail.kind === "owner")?.subject).toMatch(/^New quote: /);
  });
});
