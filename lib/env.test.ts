import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

describe("parseEnv", () => {
  it("runs with no settings at all: local inbox, no forwarding", () => {
    expect(parseEnv({})).toEqual({ leadsDbPath: "data/leads.db", supabase: null });
  });

  it("treats empty values as unset", () => {
    expect(parseEnv({ SUPABASE_URL: "", SUPABASE_ANON_KEY: "", LEADS_DB_PATH: "" })).toEqual({
      leadsDbPath: "data/leads.db",
      supabase: null,
    });
  });

  it("forwards to crm-lead unless another function is named", () => {
    const base = { SUPABASE_URL: "https://abc.supabase.co", SUPABASE_ANON_KEY: "anon" };
    expect(parseEnv(base).supabase).toEqual({
      url: "https://abc.supabase.co",
      anonKey: "anon",
      leadFunction: "crm-lead",
    });
    expect(parseEnv({ ...base, SUPABASE_LEAD_FUNCTION: "leads-v2" }).supabase?.leadFunction).toBe(
      "leads-v2",
    );
    expect(parseEnv({ ...base, LEADS_DB_PATH: "/var/lib/shine/leads.db" }).leadsDbPath).toBe(
      "/var/lib/shine/leads.db",
    );
  });

  it.each([
    [{ SUPABASE_URL: "not a url", SUPABASE_ANON_KEY: "k" }, "SUPABASE_URL"],
    [{ SUPABASE_URL: "ftp://abc.supabase.co", SUPABASE_ANON_KEY: "k" }, "SUPABASE_URL"],
    [{ SUPABASE_URL: "https://abc.supabase.co" }, "SUPABASE_ANON_KEY"],
    [{ SUPABASE_ANON_KEY: "k" }, "SUPABASE_URL"],
    [{ SUPABASE_LEAD_FUNCTION: "../etc" }, "SUPABASE_LEAD_FUNCTION"],
    [{ NEXT_PUBLIC_SITE_URL: "example.com" }, "NEXT_PUBLIC_SITE_URL"],
  ])("stops on %j with a message naming %s", (source, variable) => {
    expect(() => parseEnv(source)).toThrow(
      new RegExp(`^Invalid environment settings[\\s\\S]*\\b${variable}:`),
    );
  });
});
