import { mkdtempSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

/** What a call threw (the test fails if it threw nothing). */
export function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("Expected the call to throw.");
}

/**
 * Real errors from SQLite, as node:sqlite throws them, for the ways a disk or a file fails:
 * SQLITE_FULL from a database capped at its current size (PRAGMA max_page_count), SQLITE_READONLY
 * from a read-only connection, SQLITE_NOTADB from a file that is not a database, SQLITE_BUSY from a
 * lock another connection holds, and a constraint violation, which is the code's, not the disk's.
 */
export function sqliteErrors(parent: string) {
  const dir = mkdtempSync(path.join(parent, "sqlite-errors-"));
  const file = path.join(dir, "errors.db");
  const db = new DatabaseSync(file);
  db.exec("CREATE TABLE t (x TEXT UNIQUE); INSERT INTO t VALUES ('a')");
  const pages = Number(db.prepare("PRAGMA page_count").get()?.page_count);
  db.exec(`PRAGMA max_page_count = ${pages}`);
  const full = thrown(() => db.prepare("INSERT INTO t VALUES (?)").run("x".repeat(64 * 1024)));
  const constraint = thrown(() => db.exec("INSERT INTO t VALUES ('a')"));
  db.close();

  const reader = new DatabaseSync(file, { readOnly: true });
  const readOnly = thrown(() => reader.exec("INSERT INTO t VALUES ('b')"));
  reader.close();

  const garbage = path.join(dir, "garbage.db");
  writeFileSync(garbage, "not a database, just text ".repeat(200));
  const notADatabase = thrown(() => new DatabaseSync(garbage).exec("SELECT 1 FROM t"));

  const holder = new DatabaseSync(file);
  holder.exec("BEGIN EXCLUSIVE");
  const busy = thrown(() => new DatabaseSync(file, { timeout: 0 }).exec("SELECT 1 FROM t"));
  holder.exec("ROLLBACK");
  holder.close();

  return { full, readOnly, notADatabase, busy, constraint };
}
