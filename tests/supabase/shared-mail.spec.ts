import { randomBytes, randomUUID } from "node:crypto";
import { REPLAY_WINDOW_MS } from "@shared/leads/store-contract";
import { HONEYPOT_KEY } from "@/lib/quote/form-traps";
import { mailToSink, OWNER } from "../server/site-server";
import { SAMPLE_ATTRIBUTION, validQuote } from "../support/quote";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { expect, SECRET_KEY, test, type SharedSite } from "./fixtures";
import { api, created, newClient } from "./site-api";
import { startSharedSite } from "./site";
import { missingTools, scriptWithSiteCode } from "./tools";

/**
 * The shared store's e-mails (#33 item 2): queued in PostgreSQL with the lead, sent by every
 * server's sender (lib/mail/mail-sender.ts) through the claim, each exactly once, woken by the
 * changes it stored and the due times the claims answer (never polling); and the drain route.
 */

const missing = missingTools();
test.skip(Boolean(missing), missing);
test.describe.configure({ mode: "serial" });

const CRON_SECRET = randomBytes(32).toString("base64");
const finished = { isPostConstruction: "no", stories: "2" } as const;
/**
 * A finished quote from a visitor address of its own: confirmations are capped per address
 * (MAX_CONFIRMATIONS_PER_DAY), and the backend's other tests send the sample quote's.
 */
const finishedQuote = (label: string) =>
  validQuote({ ...finished, email: `${label}-${randomUUID()}@example.com` });

let smtp: SmtpSink;
let a: SharedSite;
let b: SharedSite;

test.beforeAll(async ({ backend }) => {
  test.setTimeout(120_000);
  smtp = await startSmtpSink();
  const start = () =>
    startSharedSite(backend.supabaseUrl, SECRET_KEY, {
      ...mailToSink(smtp.url),
      CRON_SECRET,
    });
  [a, b] = await Promise.all([start(), start()]);
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await smtp?.down().catch(() => undefined);
});

/** What the CRM webhook stub accepted about the lead `id`. */
const postsOf = (accepted: unknown[], id: string) =>
  (accepted as Array<{ event: string; lead: { id: string } }>).filter(
    (post) => post.lead.id === id,
  );
/** The e-mails that reached the sink about the lead `id`, by Message-ID. */
const mailAbout = (id: string) => smtp.received.filter((each) => each.raw.includes(id));
const messageIds = (id: string) => mailAbout(id).map((each) => each.mail.messageId ?? "");
const expected = (id: string, ...kinds: string[]) =>
  kinds.map((kind) => `<${id}.${kind}@suncoastshine.example>`).sort();

test("two servers sending: each lead's owner and visitor e-mail reach the mail server once, the link in the visitor's", async ({
  backend,
}) => {
  test.setTimeout(90_000);
  const sites = [a, b];
  const leads: { id: string; token: string }[] = [];
  for (let i = 0; i < 4; i += 1) {
    const client = newClient();
    const email = `two-senders-${randomUUID()}@example.com`;
    const lead = created(await api(sites[i % 2]!, client).create(validQuote({ email })));
    // Steps 5-6 on the other server: the owner's e-mail falls due one settle period later.
    expect(
      (await api(sites[(i + 1) % 2]!, client).update(lead.id, lead.token, finished)).status,
    ).toBe(200);
    leads.push(lead);
  }
  for (const lead of leads) {
    await expect
      .poll(() => messageIds(lead.id).sort(), { timeout: 45_000 })
      .toEqual(expected(lead.id, "owner", "visitor"));
  }
  const ids = leads.map((lead) => `'${lead.id}'`).join(", ");
  // Each sent on its first claim, by one sender; the link's token gone from the row once sent.
  const rows = await backend.cluster.rows(`
    select kind, status, attempts, quote_token is null as erased from public.lead_outbox
    where channel = 'mail' and lead_id in (${ids})`);
  expect(rows).toHaveLength(8);
  for (const row of rows) {
    expect(row).toEqual({ kind: row.kind, status: "sent", attempts: 1, erased: true });
  }
  for (const lead of leads) {
    const [visitor, owner] = [".visitor@", ".owner@"].map((kind) =>
      mailAbout(lead.id).find((each) => each.mail.messageId?.includes(kind)),
    );
    expect(visitor?.mail.text).toContain(`/my-quote#${lead.id}.${lead.token}`);
    expect(owner?.to).toEqual([OWNER]);
    expect(owner?.raw).not.toContain(lead.token);
  }
});

test("a lead's attribution is kept in PostgreSQL, listed in the owner's e-mail and shown by leads show", async ({
  backend,
}) => {
  test.setTimeout(90_000);
  const attribution = SAMPLE_ATTRIBUTION;
  const client = newClient();
  const lead = created(
    await api(a, client).create({ ...finishedQuote("attribution"), attribution }),
  );
  const [row] = await backend.leads(`id = '${lead.id}'`);
  expect(row?.attribution).toEqual(attribution);
  await expect
    .poll(() => messageIds(lead.id).sort(), { timeout: 45_000 })
    .toEqual(expected(lead.id, "owner", "visitor"));
  const owner = mailAbout(lead.id).find((each) => each.mail.messageId?.includes(".owner@"));
  const text = (owner?.mail.text ?? "").replace(/\s+/g, " ");
  for (const [label, value] of Object.entries(attribution).filter(([name]) =>
    name.match(/^(utm_|gclid)/),
  )) {
    expect(text).toContain(`${label.toUpperCase()} ${value}`);
  }
  expect(text).toContain("REFERRER https://www.google.com/");
  expect(text).toMatch(/LANDING PAGE \S+\/locations\/tampa/);

  const { stdout } = await leadsCommand(backend)("show", lead.id);
  expect(stdout).toMatch(/^utm_source:\s+google$/m);
  expect(stdout).toMatch(/^utm_campaign:\s+spring$/m);
  expect(stdout).toMatch(/^gclid:\s+abc123$/m);
  expect(stdout).toMatch(/^Landing page:\s+\/locations\/tampa$/m);
  // A bad value is refused by name, and nothing is stored.
  const bad = await api(b, newClient()).create({
    ...finishedQuote("attribution-bad"),
    attribution: { utm_term: "t".repeat(201) },
  });
  expect(bad).toMatchObject({
    status: 400,
    body: { success: false, error: "utm_term must be at most 200 characters" },
  });
});

test("a change after the owner's e-mail went sends one Quote updated, from either server", async () => {
  test.setTimeout(90_000);
  const client = newClient();
  const lead = created(await api(a, client).create(finishedQuote("update")));
  await expect
    .poll(() => messageIds(lead.id).sort(), { timeout: 45_000 })
    .toEqual(expected(lead.id, "owner", "visitor"));
  expect((await api(b, client).update(lead.id, lead.token, { frequency: "monthly" })).status).toBe(
    200,
  );
  expect((await api(a, client).update(lead.id, lead.token, { frequency: "biannual" })).status).toBe(
    200,
  );
  await expect
    .poll(() => messageIds(lead.id).sort(), { timeout: 45_000 })
    .toEqual(expected(lead.id, "owner", "owner-update-1", "visitor"));
  const update = mailAbout(lead.id).find((each) => each.mail.messageId?.includes("owner-update"));
  expect(update?.mail.subject).toMatch(/^Quote updated/);
});

/**
 * The owner's `npm run leads -- …`, as he runs it with the site's Supabase settings and the
 * project's database connection string (SUPABASE_DB_URL).
 */
const leadsCommand =
  (backend: { supabaseUrl: string; cluster: { url: string } }) =>
  (...args: string[]) =>
    scriptWithSiteCode(["scripts/leads.ts", ...args], {
      env: {
        ...process.env,
        DATABASE_URL: "",
        SUPABASE_DB_URL: backend.cluster.url,
        SUPABASE_URL: backend.supabaseUrl,
        SUPABASE_SECRET_KEY: SECRET_KEY,
      },
    });

/**
 * What the database's scheduler does each minute on Supabase while a row is due (the migration
 * 20261211080000_lead_drain_schedule.sql, tests/supabase/scheduled-drain.spec.ts): one call of a
 * server's drain route. The owner's commands go to the function, not to a server, so no server's
 * sender is woken by them.
 */
async function scheduledDrain() {
  const answer = await fetch(`${a.url}/api/deliveries/drain`, {
    method: "POST",
    headers: { authorization: `Bearer ${CRON_SECRET}` },
  });
  expect(answer.status).toBe(200);
}

/**
 * The visitor's confirmation of a released lead, once it reached the mail server with the owner's
 * e-mails (`ownerKinds`, by default his first only): the release queued it, the scheduler's next
 * drain sends it.
 */
async function releasedConfirmation(id: string, ...ownerKinds: string[]) {
  await scheduledDrain();
  const owner = ownerKinds.length ? ownerKinds : ["owner"];
  await expect
    .poll(() => messageIds(id).sort(), { timeout: 45_000 })
    .toEqual(expected(id, ...owner, "visitor"));
  return mailAbout(id).find((each) => each.mail.messageId?.includes(".visitor@"));
}

/** A lead the honeypot flagged, created on server `site`, and its quote. */
async function flaggedLead(site: SharedSite, client: string, label: string) {
  const quote = finishedQuote(label);
  const lead = created(
    await api(site, client).create({ ...quote, [HONEYPOT_KEY]: "http://spam.example" }),
  );
  return { quote, lead };
}

test("a spam-flagged lead, released by the owner: the confirmation arrives once with its link, the CRM gets it once", async ({
  backend,
}) => {
  test.setTimeout(120_000);
  const client = newClient();
  const { quote, lead } = await flaggedLead(b, client, "spam");
  await expect
    .poll(() => messageIds(lead.id), { timeout: 45_000 })
    .toEqual(expected(lead.id, "owner"));
  const warning = mailAbout(lead.id)[0]?.mail;
  expect(warning?.subject).toMatch(/^\[Suspected spam\] /);
  expect((warning?.text ?? "").replace(/\s+/g, " ")).toContain(
    `npm run leads -- release ${lead.id}`,
  );
  // Held with its link's token for a release, never claimed by the senders meanwhile.
  expect(
    await backend.cluster.rows(`
      select status, quote_token is not null as kept from public.lead_outbox
      where lead_id = '${lead.id}' and kind = 'visitor'`),
  ).toEqual([{ status: "held", kept: true }]);
  expect(postsOf(backend.webhook.accepted, lead.id)).toEqual([]);
  // The visitor changes their plan meanwhile: the CRM is to get the lead as it stands.
  expect((await api(a, client).update(lead.id, lead.token, { frequency: "monthly" })).status).toBe(
    200,
  );

  const [flagged] = await backend.leads(`id = '${lead.id}'`);
  const leads = leadsCommand(backend);
  const released = await leads("release", lead.id.slice(0, 8));
  expect(released.stdout.trim().split("\n")).toEqual([
    `Released lead ${lead.id.slice(0, 8)} (${quote.name}); the bot trap had said: ${String(flagged?.spam_reason)}.`,
    "CRM: queued; the lead function posts it to its CRM webhook at its next drain (the database schedules one each minute while a post is owed).",
    "Visitor: their confirmation e-mail is queued, with the link to their saved quote.",
  ]);
  const confirmation = await releasedConfirmation(lead.id, "owner", "owner-update-1");
  expect(confirmation?.mail.text).toContain(`/my-quote#${lead.id}.${lead.token}`);
  expect((await api(a, client).view(lead.id, lead.token)).status).toBe(200);
  await expect
    .poll(() => postsOf(backend.webhook.accepted, lead.id).length, { timeout: 30_000 })
    .toBe(1);
  expect(postsOf(backend.webhook.accepted, lead.id)[0]).toMatchObject({
    event: "lead.created",
    lead: { id: lead.id, frequency: "monthly", version: 2 },
  });
  expect(await backend.leads(`id = '${lead.id}'`)).toEqual([
    expect.objectContaining({ spam_reason: null, webhook_status: "delivered" }),
  ]);

  await expect(leads("release", lead.id)).rejects.toMatchObject({
    code: 1,
    stderr: `Lead ${lead.id.slice(0, 8)} is not flagged as spam: it is handled like every lead already, nothing to release.\n`,
  });
  await expect(leads("release", "ffffffff-0000")).rejects.toMatchObject({
    code: 1,
    stderr: 'No lead with ID "ffffffff-0000". See the IDs with: npm run leads -- list\n',
  });
  // Released once: nothing more reaches the visitor or the CRM.
  expect(messageIds(lead.id)).toHaveLength(3);
  expect(postsOf(backend.webhook.accepted, lead.id)).toHaveLength(1);
});

test("a CRM post given up on reaches the owner as one e-mail naming the lead and the retry command", async ({
  backend,
}) => {
  test.setTimeout(90_000);
  backend.webhook.state.failing = { status: 422 };
  try {
    const client = newClient();
    const quote = { ...finishedQuote("dead-letter"), name: "Dana Ruiz" };
    const lead = created(await api(a, client).create(quote));
    await expect
      .poll(() => messageIds(lead.id).sort(), { timeout: 45_000 })
      .toEqual(expected(lead.id, "dead-letter-1", "owner", "visitor"));
    const alert = mailAbout(lead.id).find((each) =>
      each.mail.messageId?.includes(".dead-letter-1@"),
    );
    expect(alert?.to).toEqual([OWNER]);
    expect(alert?.mail.subject).toBe(`CRM delivery failed: Dana R. (${lead.id.slice(0, 8)})`);
    const text = (alert?.mail.text ?? "").replace(/\s+/g, " ");
    expect(text).toContain("HTTP 422 from the CRM webhook: refused with 422");
    expect(text).toContain(`npm run leads -- retry ${lead.id}`);
  } finally {
    backend.webhook.state.failing = false;
  }
});

test("the owner's list, list --spam, list --failed and show read the shared store, as on the inbox", async ({
  backend,
}) => {
  test.setTimeout(120_000);
  const real = created(await api(a, newClient()).create(finishedQuote("listed")));
  const webhookStatus = async (id: string) =>
    (await backend.leads(`id = '${id}'`))[0]?.webhook_status;
  // Posted and recorded before the CRM starts refusing.
  await expect.poll(() => webhookStatus(real.id), { timeout: 30_000 }).toBe("delivered");
  const { lead: flagged } = await flaggedLead(b, newClient(), "listed-spam");
  // The CRM refuses the next lead's post for good (a 4xx): a dead letter with its reply.
  backend.webhook.state.failing = { status: 422 };
  let refused: { id: string };
  try {
    refused = created(await api(a, newClient()).create(finishedQuote("listed-refused")));
    await expect.poll(() => webhookStatus(refused.id), { timeout: 30_000 }).toBe("failed");
  } finally {
    backend.webhook.state.failing = false;
  }
  const [flaggedRow] = await backend.leads(`id = '${flagged.id}'`);
  const leads = leadsCommand(backend);
  const listed = async (...args: string[]) => {
    const { stdout, stderr } = await leads(...args);
    expect(stderr).toBe("");
    const lines = stdout.trim().split("\n");
    return { lines, row: (id: string) => lines.find((line) => line.includes(id.slice(0, 8))) };
  };

  const all = await listed("list");
  expect(all.lines[0]).toMatch(
    /^Received\s+ID\s+Name\s+Phone\s+Email\s+Panes\s+Plan\s+Total\s+CRM\s+E-mail$/,
  );
  expect(all.row(real.id)).toMatch(/\$\d+\s+forwarded\s+(owner|visitor) /);
  expect(all.row(refused.id)).toMatch(/NOT forwarded/);
  expect(all.row(flagged.id)).toBeUndefined();
  expect(all.lines.at(-1)).toMatch(
    /^\d+ more flagged as spam by the bot traps: npm run leads -- list --spam$/,
  );

  const spam = await listed("list", "--spam");
  expect(spam.lines[0]).toMatch(/\s+Why flagged$/);
  expect(spam.row(flagged.id)).toContain(String(flaggedRow?.spam_reason));
  expect(spam.row(real.id)).toBeUndefined();
  expect(spam.lines.at(-1)).toMatch(/^\d+ spam-flagged leads?, newest first\./);

  const failed = await listed("list", "--failed");
  expect(failed.lines[0]).toMatch(/\s+Why refused$/);
  expect(failed.row(refused.id)).toMatch(/CRM: HTTP 422 from the CRM webhook: refused with 422$/);
  expect(failed.row(real.id)).toBeUndefined();
  expect(failed.row(flagged.id)).toBeUndefined();

  const shown = await listed("show", flagged.id.slice(0, 8));
  expect(shown.lines[0]).toBe(`ID:                 ${flagged.id}`);
  expect(shown.lines).toContain("CRM:                local only");
  expect(shown.lines).toContain(
    "E-mail:             visitor, 0 attempts, held: sent only if you release the lead",
  );
  expect(shown.lines.at(-1)).toBe(
    `Spam:               flagged, not forwarded: ${String(flaggedRow?.spam_reason)}. If it is real: npm run leads -- release ${flagged.id.slice(0, 8)}`,
  );
  const refusedShown = await listed("show", refused.id);
  expect(refusedShown.lines).toContain(
    "Delivery:           create, 1 attempt, refused: HTTP 422 from the CRM webhook: refused with 422",
  );
  await expect(leads("show", "ffffffff-0000")).rejects.toMatchObject({
    code: 1,
    stderr: 'No lead with ID "ffffffff-0000". See the IDs with: npm run leads -- list\n',
  });
});

test("a held confirmation's link is erased after 24 hours: released later, it goes without it", async ({
  backend,
}) => {
  test.setTimeout(120_000);
  const { lead } = await flaggedLead(a, newClient(), "late-release");
  const visitorRow = `select quote_token is not null as kept from public.lead_outbox
    where lead_id = '${lead.id}' and kind = 'visitor'`;
  expect(await backend.cluster.rows(visitorRow)).toEqual([{ kept: true }]);
  await backend.cluster.psql({
    sql: `update public.lead_outbox set created_at = now() - interval '${REPLAY_WINDOW_MS / 1000 + 60} seconds'
          where lead_id = '${lead.id}' and kind = 'visitor'`,
  });
  // The next new lead, on either server, erases it.
  created(await api(b, newClient()).create(finishedQuote("late-release-next")));
  expect(await backend.cluster.rows(visitorRow)).toEqual([{ kept: false }]);
  const released = await leadsCommand(backend)("release", lead.id);
  expect(released.stdout).toContain(
    "Visitor: their confirmation e-mail is queued (without the link to their saved quote: it is kept for 24 hours only).",
  );
  const confirmation = await releasedConfirmation(lead.id);
  expect(confirmation?.mail.text).not.toContain("/my-quote#");
  expect(confirmation?.raw).not.toContain(lead.token);
});

test("the mail server down, then back: each e-mail is retried and arrives once", async ({
  backend,
}) => {
  test.setTimeout(120_000);
  await smtp.down();
  let lead: { id: string; token: string };
  try {
    lead = created(await api(a, newClient()).create(finishedQuote("smtp-down")));
    // Both e-mails refused by the closed port, twice or more each, and kept to be tried again.
    await expect
      .poll(
        async () =>
          (
            await backend.cluster.rows(`
              select min(attempts) >= 2 as retried, bool_and(status = 'pending') as kept,
                bool_and(last_error like 'SMTP connection failed%') as refused
              from public.lead_outbox where channel = 'mail' and lead_id = '${lead.id}'`)
          )[0],
        { timeout: 60_000 },
      )
      .toEqual({ retried: true, kept: true, refused: true });
  } finally {
    await smtp.up();
  }
  await expect
    .poll(() => messageIds(lead.id).sort(), { timeout: 60_000 })
    .toEqual(expected(lead.id, "owner", "visitor"));
  // Recorded once the mail server has taken it: a moment after it arrives there.
  const rows = () =>
    backend.cluster.rows(
      `select status, quote_token from public.lead_outbox where channel = 'mail' and lead_id = '${lead.id}'`,
    );
  await expect.poll(rows, { timeout: 30_000 }).toEqual([
    { status: "sent", quote_token: null },
    { status: "sent", quote_token: null },
  ]);
  expect(messageIds(lead.id).sort()).toEqual(expected(lead.id, "owner", "visitor"));
});

test("the drain route runs one drain with the secret, and answers 401 without it", async () => {
  const drain = (authorization?: string) =>
    fetch(`${a.url}/api/deliveries/drain`, {
      method: "POST",
      headers: authorization ? { authorization } : {},
    });
  for (const refused of [undefined, `Bearer ${randomBytes(32).toString("base64")}`, CRON_SECRET]) {
    const answer = await drain(refused);
    expect(answer.status, String(refused)).toBe(401);
    expect(await answer.json()).toEqual({
      success: false,
      error: "Send the drain secret as Authorization: Bearer <CRON_SECRET>",
    });
  }
  const answer = await drain(`Bearer ${CRON_SECRET}`);
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual({
    success: true,
    mailHandled: expect.any(Number),
    crmDrained: true,
  });
});
