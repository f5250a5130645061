import { expect, test, type Backend } from "./fixtures";
import { claimMail, type MailJob, reportMail } from "./mail-claim";
import { missingTools } from "./tools";

/**
 * A CRM post given up on tells the owner once (#45, item 6; docs/notifications.md, "When the CRM
 * refuses a lead"): one e-mail queued with the dead letter, naming the CRM row; not again for a
 * second dead row of the same episode; again after a retry dies; never for a dead e-mail.
 */

const missing = missingTools();
test.skip(Boolean(missing), missing);
test.describe.configure({ mode: "serial" });

const REFUSAL = "HTTP 422 from the CRM webhook: refused with 422";

/** The lead's dead-letter e-mails, oldest first, with the CRM row each is about. */
const alertsOf = (backend: Backend, leadId: string) =>
  backend.cluster.rows(`
    select a.seq, a.status, d.kind as about, d.status as about_status
    from public.lead_outbox a join public.lead_outbox d on d.id = a.dead_letter_of
    where a.lead_id = '${leadId}' and a.channel = 'mail' and a.kind = 'dead_letter'
    order by a.id`);

const crmRowsOf = (backend: Backend, leadId: string) =>
  backend.cluster.rows(`
    select id::text, kind, status, floor(extract(epoch from created_at) * 1000)::float8 as queued_ms from public.lead_outbox
    where lead_id = '${leadId}' and channel = 'crm' order by id`);

test("a CRM dead letter queues one e-mail to the owner per episode, and a dead e-mail none", async ({
  backend,
}) => {
  test.setTimeout(90_000);
  backend.webhook.state.failing = { status: 422 };
  let lead: { id: string; token: string };
  try {
    lead = await backend.createLead();
    await expect
      .poll(async () => (await crmRowsOf(backend, lead.id)).map((row) => row.status), {
        timeout: 15_000,
      })
      .toEqual(["dead"]);
    // Queued with the dead letter, about it.
    expect(await alertsOf(backend, lead.id)).toEqual([
      { seq: 1, status: "pending", about: "lead.created", about_status: "dead" },
    ]);
    // The sender gets what the e-mail names: the post, the CRM's reply, since when it is owed.
    const [created] = await crmRowsOf(backend, lead.id);
    const alert = (await claimMail(backend, lead.id, "dead_letter")) as MailJob & {
      deadLetter: unknown;
    };
    expect(alert.deadLetter).toEqual({
      event: "lead.created",
      error: REFUSAL,
      owedSince: new Date(Number(created?.queued_ms)).toISOString(),
    });
    expect(await reportMail(backend, alert, { ok: true })).toEqual({
      success: true,
      recorded: "sent",
    });

    // A change while the create is still dead: its post dies too, in the same episode: no e-mail.
    await backend.updateLead(lead, { frequency: "monthly" });
    await expect
      .poll(async () => (await crmRowsOf(backend, lead.id)).map((row) => row.status), {
        timeout: 15_000,
      })
      .toEqual(["dead", "dead"]);
    expect(await alertsOf(backend, lead.id)).toHaveLength(1);

    // The owner's retry, still refused: a new episode, told once more (about the first to die).
    expect(await (await backend.outbox({ action: "retry", leadId: lead.id })).json()).toEqual({
      success: true,
      requeued: 2,
    });
    await expect
      .poll(async () => (await crmRowsOf(backend, lead.id)).map((row) => row.status), {
        timeout: 15_000,
      })
      .toEqual(["dead", "dead"]);
    expect(await alertsOf(backend, lead.id)).toEqual([
      { seq: 1, status: "sent", about: "lead.created", about_status: "dead" },
      { seq: 2, status: "pending", about: "lead.created", about_status: "dead" },
    ]);
  } finally {
    backend.webhook.state.failing = false;
  }

  // E-mails refused for good, the alert itself among them, queue nothing more: no loop.
  const second = await claimMail(backend, lead.id, "dead_letter");
  const refused = { ok: false, retryable: false, error: "550 5.1.1 mailbox unavailable" };
  expect(await reportMail(backend, second, refused)).toEqual({ success: true, recorded: "dead" });
  const owner = await claimMail(backend, lead.id, "owner");
  expect(await reportMail(backend, owner, refused)).toEqual({ success: true, recorded: "dead" });
  expect(await alertsOf(backend, lead.id)).toEqual([
    { seq: 1, status: "sent", about: "lead.created", about_status: "dead" },
    { seq: 2, status: "dead", about: "lead.created", about_status: "dead" },
  ]);
  const mailRows = await backend.cluster.rows(
    `select count(*)::int as n from public.lead_outbox where lead_id = '${lead.id}' and channel = 'mail'`,
  );
  // The visitor's confirmation, the owner's e-mail and the two alerts: nothing else.
  expect(mailRows).toEqual([{ n: 4 }]);
});
