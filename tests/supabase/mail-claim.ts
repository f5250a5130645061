import type { Backend } from "./fixtures";

/** An e-mail claimed through the function's outbox, as a sender gets it. */
export type MailJob = {
  id: string;
  leaseId: string;
  kind: string;
  seq: number;
  lead: { id: string; version: number };
};

/**
 * Claims lead `leadId`'s e-mail of `kind` as a sender does, once it is due. Others' e-mails claimed
 * meanwhile are reported unsent (retryable), so they come back after their backoff.
 */
export async function claimMail(backend: Backend, leadId: string, kind: string): Promise<MailJob> {
  for (let tries = 0; tries < 100; tries += 1) {
    const answer = await backend.outbox({ action: "claim-mail", limit: 20 });
    const { mail } = (await answer.json()) as { mail: MailJob[] };
    const job = mail.find((each) => each.lead.id === leadId && each.kind === kind);
    for (const other of mail.filter((each) => each !== job)) {
      await reportMail(backend, other, { ok: false, retryable: true, error: "not this test's" });
    }
    if (job) return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`lead ${leadId}'s ${kind} e-mail was never claimable`);
}

/** Reports what became of a claimed e-mail, as its sender does; the function's answer. */
export async function reportMail(
  backend: Backend,
  job: MailJob,
  outcome: unknown,
  leaseId = job.leaseId,
): Promise<unknown> {
  const answer = await backend.outbox({
    action: "report-mail",
    id: job.id,
    leaseId,
    version: job.lead.version,
    outcome,
  });
  return await answer.json();
}
