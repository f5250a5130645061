import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { InboxFileProblem, RESTORE_HINT, assertInboxFile, assertNoRestore } from "./inbox-file";
import { checkLeadTable } from "./lead-table";

/**
 * The columns of an outbox row's sending state (lib/leads/outbox-table.ts): the same in the CRM
 * outbox (migration 2) and the mail outbox (4, rebuilt in 7). Part of shipped migrations: never
 * edit it; a change is the next migration.
 */
const SENDING_STATE = `attempts INTEGER NOT NULL DEFAULT 0,
     created_at TEXT NOT NULL,
     next_attempt_at INTEGER NOT NULL,
     leased_until INTEGER NOT NULL DEFAULT 0,
     give_up_at INTEGER NOT NULL,
     last_error TEXT,
     sent_at TEXT`;

/**
 * The mail outbox (lib/mail/mail-outbox.ts) as migration 4 made it, with these `statuses`;
 * migration 7 rebuilds it with one more status and the column 6 added. Shipped: never edit it.
 */
function mailOutboxTable(name: string, statuses: string, addedColumn?: string): string {
  return `CREATE TABLE ${name} (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     lead_id TEXT NOT NULL REFERENCES leads (id),
     kind TEXT NOT NULL CHECK (kind IN ('owner', 'owner_update', 'visitor')),
     seq INTEGER NOT NULL,
     recipient TEXT,
     status TEXT NOT NULL CHECK (status IN (${statuses})),
     ${SENDING_STATE},
     sent_version TEXT,${addedColumn ? `\n     ${addedColumn}` : ""}
     UNIQUE (lead_id, kind, seq)
   );`;
}

/**
 * Schema versions, applied in order and recorded in PRAGMA user_version. Never edit a shipped
 * migration: add the next one (database.test.ts holds each shipped one's fingerprint).
 */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE leads (
     id TEXT PRIMARY KEY,
     token_hash TEXT NOT NULL,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     phone TEXT NOT NULL,
     address TEXT NOT NULL,
     message TEXT NOT NULL DEFAULT '',
     pane_count TEXT NOT NULL,
     frequency TEXT NOT NULL,
     add_interior INTEGER NOT NULL CHECK (add_interior IN (0, 1)),
     add_screens INTEGER NOT NULL CHECK (add_screens IN (0, 1)),
     add_tracks INTEGER NOT NULL CHECK (add_tracks IN (0, 1)),
     is_post_construction TEXT CHECK (is_post_construction IN ('yes', 'no')),
     stories TEXT CHECK (stories IN ('1', '2', '3', '4+')),
     total_price INTEGER NOT NULL,
     client_total_price INTEGER,
     source_page TEXT,
     forward_status TEXT NOT NULL CHECK (forward_status IN ('off', 'pending', 'forwarded', 'failed')),
     forward_error TEXT,
     forwarded_at TEXT
   );
   CREATE INDEX leads_created_at ON leads (created_at);`,
  // 2. Reliability: the key each lead is forwarded under, spam flags, the answers given per
  // Idempotency-Key (its PRIMARY KEY is what makes a duplicate impossible), and the outbox.
  `ALTER TABLE leads ADD COLUMN idempotency_key TEXT;
   UPDATE leads SET idempotency_key = id;
   CREATE UNIQUE INDEX leads_idempotency_key ON leads (idempotency_key);
   ALTER TABLE leads ADD COLUMN spam_reason TEXT;
   CREATE TABLE idempotency_keys (
     key TEXT PRIMARY KEY,
     request_hash TEXT NOT NULL,
     lead_id TEXT NOT NULL UNIQUE REFERENCES leads (id),
     answer TEXT NOT NULL,
     created_at TEXT NOT NULL
   );
   CREATE TABLE outbox (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     lead_id TEXT NOT NULL REFERENCES leads (id),
     kind TEXT NOT NULL CHECK (kind IN ('create', 'update')),
     payload TEXT NOT NULL,
     status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'dead')),
     ${SENDING_STATE}
   );
   CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
   CREATE INDEX outbox_lead ON outbox (lead_id, id);`,
  // 3. The add-on columns take the names the lead function's table gives them.
  `ALTER TABLE leads RENAME COLUMN add_interior TO add_on_interior;
   ALTER TABLE leads RENAME COLUMN add_screens TO add_on_screens;
   ALTER TABLE leads RENAME COLUMN add_tracks TO add_on_tracks;`,
  // 4. Notifications: the e-mails owed for each lead (lib/mail/mail-outbox.ts). Their own table,
  // not the CRM outbox: its kind CHECK cannot be widened in place, and an e-mail must not wait
  // behind a CRM delivery that is still retrying.
  `${mailOutboxTable("mail_outbox", "'pending', 'sent', 'dead', 'capped'")}
   CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at);
   CREATE INDEX mail_outbox_recipient ON mail_outbox (recipient, created_at);`,
  // 5. The visit window a visitor asks for on the saved-quote page.
  `ALTER TABLE leads ADD COLUMN visit_earliest_date TEXT
     CHECK (visit_earliest_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]');
   ALTER TABLE leads ADD COLUMN visit_part_of_day TEXT
     CHECK (visit_part_of_day IN ('morning', 'afternoon', 'any'));`,
  // 6. The link to the saved-quote page that a visitor's confirmation carries. Only the e-mail can
  // carry it (the lead keeps its token's hash alone), and it is erased once the e-mail is sent.
  `ALTER TABLE mail_outbox ADD COLUMN quote_url TEXT;`,
  // 7. A spam-flagged lead's confirmation is kept "held" until the owner releases the lead
  // (docs/leads.md, "Bot traps and limits"). SQLite cannot widen a CHECK in place: the table is
  // rebuilt with the same columns, rows and ids.
  `${mailOutboxTable("mail_outbox_7", "'pending', 'sent', 'dead', 'capped', 'held'", "quote_url TEXT,")}
   INSERT INTO mail_outbox_7 (id, lead_id, kind, seq, recipient, status, attempts, created_at,
       next_attempt_at, leased_until, give_up_at, last_error, sent_at, sent_version, quote_url)
     SELECT id, lead_id, kind, seq, recipient, status, attempts, created_at, next_attempt_at,
       leased_until, give_up_at, last_error, sent_at, sent_version, quote_url FROM mail_outbox;
   DROP TABLE mail_outbox;
   ALTER TABLE mail_outbox_7 RENAME TO mail_outbox;
   CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at);
   CREATE INDEX mail_outbox_recipient ON mail_outbox (recipient, created_at);`,
  // 8. The price lock's sheet: the table as it stood when the quote was made (docs/pricing.md,
  // "Price lock"). Null for a lead made before it: priced from the current table.
  `ALTER TABLE leads ADD COLUMN price_sheet TEXT;`,
  // 9. Attribution: where the visit that led to the lead came from (docs/leads.md, "Attribution"),
  // as JSON. Null for a lead made before it, or sent without any.
  `ALTER TABLE leads ADD COLUMN attribution TEXT;`,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

function pragmaValue(db: DatabaseSync, pragma: string): unknown {
  const row = db.prepare(`PRAGMA ${pragma}`).get();
  return row ? Object.values(row)[0] : undefined;
}

/**
 * Opens (creating if needed) the lead database in WAL mode with synchronous=FULL, so that a
 * committed lead survives a crash or power loss, then brings its schema up to date and checks it
 * against the declared columns (lead-table.ts). A folder, a database deleted from under its
 * write-ahead log, or a restore at work is refused first (inbox-file.ts).
 */
export function openLeadDatabase(file: string): DatabaseSync {
  const onDisk = file !== ":memory:";
  if (onDisk) {
    assertInboxFile(file);
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  }
  const db = new DatabaseSync(file, { timeout: 5_000 });
  try {
    db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;");
    // Checked again now that this connection holds the inbox open: a restore that started
    // before it is seen here, and one that starts after it finds the inbox held (restore.ts).
    if (onDisk) assertNoRestore(file);
    const journal = String(pragmaValue(db, "journal_mode")).toLowerCase();
    if (onDisk && journal !== "wal") {
      throw new Error(`The lead database ${file} refused WAL mode (journal_mode=${journal}).`);
    }
    // 2 = FULL: fsync at every commit, also in WAL mode.
    if (pragmaValue(db, "synchronous") !== 2) {
      throw new Error(`The lead database ${file} refused synchronous=FULL.`);
    }
    migrate(db);
    checkLeadTable(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * SQLite's own check of a database file: the quick one (at start), or the full one, which also
 * compares every index with its table (backups). Null when it says "ok", else its first complaints.
 */
export function fileProblems(
  db: DatabaseSync,
  check: "quick_check" | "integrity_check",
): string | null {
  const rows = db
    .prepare(`PRAGMA ${check}(5)`)
    .all()
    .map((row) => String(Object.values(row)[0]).replace(/\s*\n\s*/g, " "));
  return rows.join() === "ok" ? null : rows.join("; ");
}

/**
 * The server's check at start: the file reads back whole (SQLite's quick_check) and takes a write
 * now, as a lead would; a damaged file, a full or a read-only disk stop the start here.
 */
export function checkInboxUsable(db: DatabaseSync): void {
  const problems = fileProblems(db, "quick_check");
  if (problems)
    throw new InboxFileProblem(`is damaged (SQLite's quick_check: ${problems}). ${RESTORE_HINT}`);
  // Writing the schema version it already has commits one page to the write-ahead log.
  transaction(db, () => db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`));
}

/** One migration per transaction; re-reading the version inside it lets two processes start together. */
function migrate(db: DatabaseSync): void {
  for (;;) {
    db.exec("BEGIN IMMEDIATE");
    try {
      const version = Number(pragmaValue(db, "user_version"));
      if (version > SCHEMA_VERSION) {
        throw new Error(
          `The lead database has schema version ${version}, newer than this code (${SCHEMA_VERSION}).`,
        );
      }
      if (version === SCHEMA_VERSION) {
        db.exec("COMMIT");
        return;
      }
      db.exec(MIGRATIONS[version] ?? "");
      db.exec(`PRAGMA user_version = ${version + 1}`);
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
  }
}

/** Runs fn inside one IMMEDIATE transaction: it commits when fn returns and rolls back if it throws. */
export function transaction<T>(db: DatabaseSync, fn: () => T): T {
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = fn();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw error;
  }
}

const UNIQUE_VIOLATIONS = new Set([1555, 2067]); // SQLITE_CONSTRAINT_PRIMARYKEY, SQLITE_CONSTRAINT_UNIQUE

/** Whether an error is SQLite refusing a second row for a PRIMARY KEY or UNIQUE column. */
export function isUniqueViolation(error: unknown): boolean {
  return (
    error instanceof Error &&
    "errcode" in error &&
    typeof error.errcode === "number" &&
    UNIQUE_VIOLATIONS.has(error.errcode)
  );
}
