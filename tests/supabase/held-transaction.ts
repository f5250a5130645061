import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { DENO_DIR, denoBinary, FUNCTION_DIR } from "./tools";

/**
 * A transaction held open from a test, on a connection of its own, with the function's own client
 * (postgres.js under Deno): what makes a concurrency test deterministic. `statements` run in it
 * (a row lock, a table lock), and it stays open, holding what they took, until `commit`.
 */
const HOLDER = `
import postgres from "postgres";
const sql = postgres(Deno.env.get("HOLD_DB_URL"), { max: 1, prepare: false, onnotice: () => {} });
const held = await sql.reserve();
await held.unsafe("begin");
const [{ pid }] = await held.unsafe("select pg_backend_pid() as pid");
await held.unsafe(Deno.env.get("HOLD_SQL"));
console.log(JSON.stringify({ pid }));
for await (const _ of Deno.stdin.readable) { /* until the test closes stdin */ }
await held.unsafe("commit");
held.release();
await sql.end();
`;

export type HeldTransaction = {
  /** The holding backend's process id (pg_stat_activity.pid). */
  pid: number;
  /** Commits the transaction, releasing what it holds. */
  commit: () => Promise<void>;
  /** Ends the holder without a commit (its database was stopped under it). */
  abandon: () => Promise<void>;
};

export async function holdTransaction(dbUrl: string, statements: string): Promise<HeldTransaction> {
  const deno = denoBinary();
  if (!deno) throw new Error("Deno is missing (see missingTools() in tests/supabase/tools.ts)");
  // In the function's folder: its deno.json names the client's version.
  const child = spawn(deno, ["eval", HOLDER], {
    cwd: FUNCTION_DIR,
    env: {
      ...process.env,
      DENO_DIR,
      DENO_NO_UPDATE_CHECK: "1",
      NO_COLOR: "1",
      HOLD_DB_URL: dbUrl,
      HOLD_SQL: statements,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const lines = createInterface({ input: child.stdout });
  const first = await Promise.race([
    new Promise<string>((resolve) => lines.once("line", resolve)),
    exited.then((code) => {
      throw new Error(`the held transaction ended (exit ${code}): ${errors}`);
    }),
  ]);
  const { pid } = JSON.parse(first) as { pid: number };
  return {
    pid,
    commit: async () => {
      child.stdin.end();
      const code = await exited;
      if (code !== 0) throw new Error(`the held transaction failed to commit: ${errors}`);
    },
    abandon: async () => {
      child.kill();
      await exited;
    },
  };
}
