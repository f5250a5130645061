import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";

/**
 * The CPU time (user and system) a process and its descendants have used so far, from Linux's
 * /proc: the live processes' own time and what their exited children left them. A benchmark on a
 * shared host (scripts/perf/throughput.ts) reads it before and after a run: a request's CPU cost
 * moves less with the host's other work than its latency does.
 */

/** Whether this host has /proc to read (Linux); elsewhere the figures are left out. */
export const canCountCpu = existsSync("/proc/self/stat");

let ticksPerSecond: number | undefined;
const clockTicks = () =>
  (ticksPerSecond ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()));

type Stat = { ppid: number; ticks: number };

/** Every live process's parent and CPU ticks (utime, stime, cutime, cstime: proc(5)). */
function processes(): Map<number, Stat> {
  const found = new Map<number, Stat>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    let text: string;
    try {
      text = readFileSync(`/proc/${name}/stat`, "utf8");
    } catch {
      continue; // it exited meanwhile
    }
    // The command name may hold spaces and parentheses: the fields start after its last ")".
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    const ticks = [11, 12, 13, 14].reduce((sum, field) => sum + Number(fields[field]), 0);
    found.set(Number(name), { ppid: Number(fields[1]), ticks });
  }
  return found;
}

/** CPU milliseconds used so far by the processes `roots` and all their descendants. */
export function treeCpuMs(roots: readonly number[]): number {
  const all = processes();
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of all) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  let ticks = 0;
  const pending = [...roots];
  const seen = new Set<number>();
  while (pending.length > 0) {
    const pid = pending.pop() as number;
    if (seen.has(pid)) continue;
    seen.add(pid);
    ticks += all.get(pid)?.ticks ?? 0;
    pending.push(...(children.get(pid) ?? []));
  }
  return (ticks * 1000) / clockTicks();
}
