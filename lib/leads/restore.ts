import "server-only";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import * as sqlite from "node:sqlite";
import { DatabaseSync } from "node:sqlite";
import { SCHEMA_VERSION, fileProblems, openLeadDatabase, transaction } from "./database";
import { processAlive, readRestoreMarker, restoreMarkerPath, shmPath, walPath } from "./inbox-file";
import {
  InboxCommandError,
  count,
  countInbox,
  fsyncPath,
  isInboxFile,
  schemaVersionOf,
  type InboxCounts,
} from "./inbox-copy";
import { refreshForwardStatus } from "./outbox";

/**
 * `npm run leads -- restore FILE [--force]` (docs/leads.md, "Backups and restore"): the inbox
 * becomes the backup, whole. Refused while a server holds the inbox; the replaced inbox is kept
 * beside it; nothing is merged, and a restore that would take leads out of the inbox needs --force.
 */

export type RestoreResult = {
  /** What the restored inbox holds, as the server will find it. */
  counts: InboxCounts;
  /** The replaced inbox, kept byte for byte (null when there was none). */
  kept: string | null;
  /** What the replaced inbox held, or why it could not be read. */
  replaced: { counts: InboxCounts } | { problem: string } | null;
  /** Leads of the replaced inbox that the restored one lacks, or holds in an older state. */
  notRestored: { added: number; changed: number };
  /** Owed in the backup but already sent from the replaced inbox: marked sent, not sent again. */
  alreadySent: { mail: number; deliveries: number };
};

/** Only the codes that mean another connection holds the file. */
const SQLITE_BUSY = 5;

const stamp = (at: Date) => at.toISOString().replaceAll(":", "-");

/** The processes holding POSIX locks on a file (Linux's /proc/locks), to name the server. */
function lockHolders(file: string): string[] {
  let table: string;
  try {
    table = readFileSync("/proc/locks", "utf8");
  } catch {
    return [];
  }
  const inodes = new Set(
    [file, shmPath(file)].filter(existsSync).map((each) => String(statSync(each).ino)),
  );
  const pids = new Set<string>();
  for (const line of table.split("\n")) {
    const fields = line.trim().split(/\s+/);
    const [pid, device] = [fields[4], fields[5]];
    if (pid && device && inodes.has(device.split(":")[2] ?? "") && pid !== String(process.pid))
      pids.add(pid);
  }
  return [...pids].map((pid) => {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
      return `process ${pid}: ${command.slice(0, 120)}`;
    } catch {
      return `process ${pid}`;
    }
  });
}

/** The backup, checked before anything is touched: a whole SQLite file, an inbox, not too new. */
function openBackup(inboxPath: string, from: string): { db: DatabaseSync; counts: InboxCounts } {
  if (!existsSync(from)) throw new InboxCommandError(`No file at ${from}: nothing was changed.`);
  if (statSync(from).isDirectory())
    throw new InboxCommandError(`${from} is a folder: name one backup file in it.`);
  if (isInboxFile(inboxPath, from))
    throw new InboxCommandError(`${from} is the inbox itself: name a backup of it.`);
  const db = new DatabaseSync(from, { readOnly: true });
  try {
    const refuse = (why: string) =>
      new InboxCommandError(`${from} cannot be restored: ${why}. Nothing was changed.`);
    let problems: string | null;
    try {
      problems = fileProblems(db, "integrity_check");
    } catch (error) {
      throw refuse(`it is not a readable SQLite database (${(error as Error).message})`);
    }
    if (problems) throw refuse(`it fails SQLite's integrity check (${problems})`);
    const version = schemaVersionOf(db);
    if (version > SCHEMA_VERSION) {
      throw refuse(
        `its schema version is ${version}, newer than this code's (${SCHEMA_VERSION}): it was made by a newer version of the site. Update the code first`,
      );
    }
    try {
      return { db, counts: countInbox(db) };
    } catch (error) {
      throw refuse(`it is not a lead inbox (${(error as Error).message})`);
    }
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Claims the inbox for this restore (restoreMarkerPath): a live one elsewhere is refused. */
function claimInbox(inboxPath: string, from: string, now: Date): void {
  const marker = restoreMarkerPath(inboxPath);
  const content = JSON.stringify({ pid: process.pid, from, startedAt: now.toISOString() });
  try {
    writeFileSync(marker, content, { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const other = readRestoreMarker(inboxPath);
    if (other && other !== "unreadable" && processAlive(other.pid)) {
      throw new InboxCommandError(
        `Another restore of this inbox is at work (process ${other.pid}, from ${other.from}): nothing was changed.`,
      );
    }
    // An interrupted restore's marker: this restore takes over.
    writeFileSync(marker, content);
  }
  fsyncPath(path.dirname(path.resolve(marker)));
}

type Held = { db: DatabaseSync; leads: Map<string, string> } | { problem: string };

/**
 * Locks the inbox against every other connection and folds its write-ahead log into the file;
 * SQLite refuses while any other process (a running server) has it open. An inbox that cannot be
 * read is a problem to report, not a refusal: it is what a restore is for.
 */
function holdInbox(inboxPath: string): Held {
  const db = new DatabaseSync(inboxPath, { timeout: 0 });
  try {
    db.exec("PRAGMA locking_mode = EXCLUSIVE");
    db.exec("PRAGMA journal_mode = DELETE");
    db.exec("BEGIN EXCLUSIVE; COMMIT");
    const rows = db.prepare("SELECT id, updated_at FROM leads").all();
    return { db, leads: new Map(rows.map((row) => [String(row.id), String(row.updated_at)])) };
  } catch (error) {
    db.close();
    const code = (error as { errcode?: number }).errcode;
    if (code !== undefined && (code & 0xff) === SQLITE_BUSY) {
      const holders = lockHolders(inboxPath);
      throw new InboxCommandError(
        `The lead inbox ${inboxPath} is open in another process${holders.length ? ` (${holders.join("; ")})` : ""}: a running server, or another npm run leads. Stop it first: Ctrl+C where npm start runs, or sudo systemctl stop suncoast-shine for the service in the README ("Backups and restore"); then restore again. Nothing was changed.`,
      );
    }
    // Damaged, emptied, not an inbox: it cannot be compared, only kept as it is.
    return { problem: (error as Error).message };
  }
}

function copyDurably(from: string, to: string): void {
  const temp = `${to}.partial`;
  copyFileSync(from, temp);
  fsyncPath(temp);
  renameSync(temp, to);
}

/**
 * Marks sent, in the restored copy, what the replaced inbox had already sent: the same e-mail
 * (lead, kind, number: its Message-ID) and the same CRM delivery (row, lead, kind, payload).
 */
function carryOverSent(db: DatabaseSync, kept: string): RestoreResult["alreadySent"] {
  db.prepare("ATTACH DATABASE ? AS replaced").run(kept);
  try {
    const has = (table: string) =>
      db
        .prepare("SELECT 1 FROM replaced.sqlite_master WHERE type = 'table' AND name = ?")
        .get(table);
    return transaction(db, () => {
      const mail = has("mail_outbox")
        ? db
            .prepare(
              `UPDATE main.mail_outbox SET status = 'sent', sent_at = r.sent_at,
                 sent_version = r.sent_version, attempts = r.attempts, quote_url = NULL,
                 leased_until = 0, last_error = NULL
               FROM replaced.mail_outbox AS r
               WHERE r.lead_id = mail_outbox.lead_id AND r.kind = mail_outbox.kind
                 AND r.seq = mail_outbox.seq AND r.status = 'sent' AND mail_outbox.status != 'sent'`,
            )
            .run().changes
        : 0;
      const leads = has("outbox")
        ? db
            .prepare(
              `UPDATE main.outbox SET status = 'sent', sent_at = r.sent_at, attempts = r.attempts,
                 leased_until = 0, last_error = NULL
               FROM replaced.outbox AS r
               WHERE r.id = outbox.id AND r.lead_id = outbox.lead_id AND r.kind = outbox.kind
                 AND r.payload = outbox.payload AND r.status = 'sent' AND outbox.status != 'sent'
               RETURNING outbox.lead_id`,
            )
            .all()
            .map((row) => String(row.lead_id))
        : [];
      for (const leadId of new Set(leads)) refreshForwardStatus(db, leadId);
      return { mail: Number(mail), deliveries: leads.length };
    });
  } finally {
    db.exec("DETACH DATABASE replaced");
  }
}

/** What the backup becomes before it replaces the inbox: migrated, checked, sent state carried over. */
function prepareCopy(
  source: DatabaseSync,
  temp: string,
  { kept, now }: { kept: string | null; now: Date },
): { counts: InboxCounts; alreadySent: RestoreResult["alreadySent"] } {
  for (const file of [temp, walPath(temp), shmPath(temp)]) rmSync(file, { force: true });
  source.prepare("VACUUM INTO ?").run(temp);
  const db = openLeadDatabase(temp);
  try {
    const alreadySent = kept ? carryOverSent(db, kept) : { mail: 0, deliveries: 0 };
    // What is still owed goes as soon as the server starts, not after a backoff from the past.
    for (const table of ["outbox", "mail_outbox"]) {
      db.prepare(
        `UPDATE ${table} SET next_attempt_at = ?, leased_until = 0 WHERE status = 'pending'`,
      ).run(now.getTime());
    }
    const problems = fileProblems(db, "integrity_check");
    if (problems)
      throw new InboxCommandError(
        `The prepared copy fails SQLite's integrity check (${problems}).`,
      );
    const counts = countInbox(db);
    db.exec("PRAGMA journal_mode = DELETE");
    return { counts, alreadySent };
  } finally {
    db.close();
  }
}

type SetAside = Pick<RestoreResult, "kept" | "replaced" | "notRestored">;

/** Leads of the inbox that the backup lacks, or holds in an older state (by updated_at). */
function compareLeads(
  current: Map<string, string>,
  backupDb: DatabaseSync,
): SetAside["notRestored"] {
  const inBackup = new Map(
    backupDb
      .prepare("SELECT id, updated_at FROM leads")
      .all()
      .map((row) => [String(row.id), String(row.updated_at)]),
  );
  const notRestored = { added: 0, changed: 0 };
  for (const [id, updatedAt] of current) {
    const restored = inBackup.get(id);
    if (restored === undefined) notRestored.added += 1;
    else if (updatedAt > restored) notRestored.changed += 1;
  }
  return notRestored;
}

/**
 * The inbox being replaced, held against every other process and copied beside itself byte for
 * byte (its write-ahead log folded in when it could be held, kept beside the copy when it could
 * not: SQLite pairs FILE-wal with FILE). Refused, before anything changes, while a server holds it
 * or when it holds leads the backup lacks (without `force`).
 */
function setAside(
  inboxPath: string,
  backupDb: DatabaseSync,
  { from, force, now }: { from: string; force: boolean; now: Date },
): SetAside {
  const none = { added: 0, changed: 0 };
  if (!existsSync(inboxPath) && !existsSync(walPath(inboxPath)))
    return { kept: null, replaced: null, notRestored: none };
  const held = existsSync(inboxPath) ? holdInbox(inboxPath) : { problem: "the file was missing" };
  const keptFile = `${inboxPath}.replaced-${stamp(now)}`;
  let notRestored = none;
  try {
    if ("leads" in held) {
      notRestored = compareLeads(held.leads, backupDb);
      if (notRestored.added + notRestored.changed > 0 && !force) {
        throw new InboxCommandError(
          `The inbox ${inboxPath} holds ${count(notRestored.added, "lead")} that ${from} lacks, and ${count(notRestored.changed, "lead")} changed since it was made. Restoring would take them out of the inbox the site uses: they would stay only in the replaced inbox, kept beside it (nothing is merged). Nothing was changed. To restore anyway: npm run leads -- restore ${from} --force`,
        );
      }
    }
    if (existsSync(inboxPath)) copyDurably(inboxPath, keptFile);
    if (existsSync(walPath(inboxPath))) copyDurably(walPath(inboxPath), walPath(keptFile));
  } finally {
    if ("db" in held) held.db.close();
  }
  // A log or index left by the replaced inbox must never be read as the restored one's; a file
  // SQLite cannot read cannot be written into either, so it goes too (its copy is kept).
  const leftovers = [walPath(inboxPath), shmPath(inboxPath)];
  if ("problem" in held) leftovers.push(inboxPath);
  for (const file of leftovers) rmSync(file, { force: true });
  if ("problem" in held) {
    const kept = existsSync(keptFile) ? keptFile : walPath(keptFile);
    return { kept, replaced: { problem: held.problem }, notRestored };
  }
  const keptDb = new DatabaseSync(keptFile, { readOnly: true });
  try {
    return { kept: keptFile, replaced: { counts: countInbox(keptDb) }, notRestored };
  } finally {
    keptDb.close();
  }
}

/** Writes the prepared copy into the inbox through SQLite, in one transaction, as the same file. */
/**
 * node:sqlite's online backup API, read from the namespace: it is missing before Node 22.16
 * (the engines allow 22.13), and a named import of it would stop every `npm run leads` command.
 */
function onlineBackup(): typeof sqlite.backup {
  const backup: typeof sqlite.backup | undefined = sqlite.backup;
  if (typeof backup === "function") return backup;
  throw new InboxCommandError(
    `A restore needs Node.js 22.16 or later (node:sqlite's backup()); this is ${process.version}. Nothing was changed.`,
  );
}

async function writeInto(
  backup: typeof sqlite.backup,
  { inboxPath, temp, kept }: { inboxPath: string; temp: string; kept: string | null },
): Promise<void> {
  const copy = new DatabaseSync(temp, { readOnly: true });
  try {
    // One step copies every page; a rename could land under a connection that just opened the file.
    await backup(copy, inboxPath, { rate: 2 ** 30 });
  } catch (error) {
    throw new InboxCommandError(
      `Writing the backup into ${inboxPath} failed (${(error as Error).message}); SQLite left the inbox as it was${kept ? `, and its copy is at ${kept}` : ""}.`,
    );
  } finally {
    copy.close();
  }
  fsyncPath(path.dirname(path.resolve(inboxPath)));
}

export async function restoreInbox(
  inboxPath: string,
  from: string,
  { force = false, now = new Date() }: { force?: boolean; now?: Date } = {},
): Promise<RestoreResult> {
  const backup = onlineBackup();
  const source = openBackup(inboxPath, from);
  const temp = `${inboxPath}.restore-${process.pid}`;
  let claimed = false;
  try {
    mkdirSync(path.dirname(path.resolve(inboxPath)), { recursive: true });
    claimInbox(inboxPath, from, now);
    claimed = true;
    const aside = setAside(inboxPath, source.db, { from, force, now });
    const readableKept = aside.replaced && "counts" in aside.replaced ? aside.kept : null;
    const prepared = prepareCopy(source.db, temp, { kept: readableKept, now });
    await writeInto(backup, { inboxPath, temp, kept: aside.kept });
    return { ...aside, ...prepared };
  } finally {
    if (source.db.isOpen) source.db.close();
    for (const file of [temp, walPath(temp), shmPath(temp)]) rmSync(file, { force: true });
    if (claimed) rmSync(restoreMarkerPath(inboxPath), { force: true });
  }
}
