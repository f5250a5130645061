import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/**
 * The CPU time (user and system) a process tree has used so far, from Linux's /proc: the live
 * processes' own and what their exited children left them. On a shared host a request's CPU cost
 * moves less with the host's other work than its latency does (./throughput.ts).
 */

const TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }));

/** CPU milliseconds used so far by the processes `roots` and all their descendants. */
export function treeCpuMs(roots: readonly number[]): number {
  const ticks = new Map<number, number>();
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, "utf8");
    } catch {
      continue; // it exited meanwhile
    }
    // The command name may hold spaces and parentheses: the fields start after its last ")".
    const fields = stat
      .slice(stat.lastIndexOf(")") + 2)
      .split(" ")
      .map(Number);
    const pid = Number(name);
    // utime, stime, cutime, cstime: proc(5).
    ticks.set(pid, fields[11]! + fields[12]! + fields[13]! + fields[14]!);
    children.set(fields[1]!, [...(children.get(fields[1]!) ?? []), pid]);
  }
  let total = 0;
  const pending = [...new Set(roots)];
  for (let pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
    total += ticks.get(pid) ?? 0;
    pending.push(...(children.get(pid) ?? []));
  }
  return (total * 1000) / TICKS_PER_SECOND;
}
