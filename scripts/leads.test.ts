import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openLeadInbox } from "@/lib/leads/inbox";
import { quoteRequestSchema } from "@/lib/quote/schema";
import { validQuote } from "@/tests/support/quote";
import { USAGE, runLeadsCommand } from "./leads";

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "leads-cli-"));
  file = path.join(dir, "leads.db");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = runLeadsCommand(args, () => openLeadInbox(file), {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
  });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

function seed() {
  const inbox = openLeadInbox(file);
  const older = inbox.create(quoteRequestSchema.parse(validQuote({ name: "Older Lead" })), {
    sourcePage: "/",
    forwarding: false,
  });
  const newer = inbox.create(
    quoteRequestSchema.parse(
      validQuote({ name: 'Newer, "Quoted"', message: '=HYPERLINK("x")', totalPrice: 1 }),
    ),
    { sourcePage: "/locations/tampa", forwarding: false },
  );
  inbox.update(
    newer.lead.id,
    newer.token,
    { isPostConstruction: "no", stories: "2", frequency: "monthly" },
    { forwarding: false },
  );
  inbox.close();
  return { older: older.lead, newer: newer.lead };
}

describe("npm run leads", () => {
  it("prints its usage with no arguments, and fails on an unknown command", () => {
    expect(run()).toEqual({ code: 0, out: "", err: USAGE });
    const unknown = run("delete", "all");
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("Unknown command: delete all");
  });

  it("says so when there are no leads", () => {
    expect(run("list").out).toBe("No leads yet.");
  });

  it("lists leads newest first with their server price", () => {
    const { older, newer } = seed();
    const { code, out } = run("list");
    expect(code).toBe(0);
    const lines = out.split("\n");
    expect(lines[0]).toMatch(/^Received\s+ID\s+Name\s+Phone\s+Email\s+Panes\s+Plan\s+Total\s+CRM$/);
    expect(lines[1]).toContain(newer.id.slice(0, 8));
    expect(lines[1]).toMatch(/Monthly\s+\$295\s+local only$/);
    expect(lines[2]).toContain(older.id.slice(0, 8));
    expect(lines[2]).toMatch(/Quarterly\s+\$345/);
    expect(out).toContain("2 leads, newest first");
  });

  it("shows one lead in full by a prefix of its id", () => {
    const { newer } = seed();
    const { code, out } = run("show", newer.id.slice(0, 6));
    expect(code).toBe(0);
    expect(out).toMatch(new RegExp(`^ID:\\s+${newer.id}$`, "m"));
    expect(out).toMatch(/Stories:\s+2 stories/);
    expect(out).toMatch(/Add-ons:\s+Interior Cleaning, Track Cleaning/);
    expect(out).toMatch(/First visit:\s+\$295 \(the browser showed \$1\)/);
    expect(out).toMatch(/Sent from page:\s+\/locations\/tampa/);
    expect(run("show", "ffffffff").code).toBe(1);
  });

  it("exports every lead as CSV with quoting and formula defusing", () => {
    const { newer } = seed();
    const { out } = run("export", "--csv");
    const lines = out.split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      "id,created_at,updated_at,name,phone,email,address,message,pane_count,plan,add_on_interior,add_on_screens,add_on_tracks,post_construction,stories,total_price,browser_total_price,source_page,crm_status,crm_error",
    );
    expect(lines[1]).toContain(`${newer.id},`);
    expect(lines[1]).toContain(`"Newer, ""Quoted"""`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain(",26-40,monthly,yes,no,yes,no,2,295,1,/locations/tampa,off,");
  });
});
