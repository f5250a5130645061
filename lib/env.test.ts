import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SETTING_NAMES, parseEnv } from "./env";

const SECRET_KEY = "sb_secret_abc123";

const DEFAULTS = {
  databaseUrl: null,
  crmWebhookUrl: null,
  dataDir: null,
  backupDir: null,
  minFreeMb: 1024,
  crmWebhookSecret: null,
  supabase: null,
  trustProxyHops: 0,
  rateLimits: { create: 5, update: 60, serviceArea: 60 },
  minFormMs: 3000,
  mail: null,
  cronSecret: null,
};

describe("parseEnv", () => {
  it("runs with no settings at all: no store named (`npm start` names its own), nothing sent", () => {
    expect(parseEnv({})).toEqual(DEFAULTS);
  });

  it("treats empty values as unset", () => {
    expect(
      parseEnv({
        SUPABASE_URL: "",
        SUPABASE_SECRET_KEY: "",
        DATABASE_URL: "",
        CRM_WEBHOOK_URL: "",
        TRUST_PROXY: "",
      }),
    ).toEqual(DEFAULTS);
  });

  it("forwards to crm-lead unless another function is named, with the project's secret key", () => {
    const base = { SUPABASE_URL: "https://abc.supabase.co", SUPABASE_SECRET_KEY: SECRET_KEY };
    expect(parseEnv(base).supabase).toEqual({
      url: "https://abc.supabase.co",
      secretKey: SECRET_KEY,
      leadFunction: "crm-lead",
    });
    expect(parseEnv({ ...base, SUPABASE_LEAD_FUNCTION: "leads-v2" }).supabase?.leadFunction).toBe(
      "leads-v2",
    );
    expect(parseEnv({ DATABASE_URL: "postgres://app@db.internal/leads" }).databaseUrl).toBe(
      "postgres://app@db.internal/leads",
    );
  });

  it.each([
    [{ SUPABASE_URL: "not a url", SUPABASE_SECRET_KEY: SECRET_KEY }, "SUPABASE_URL"],
    [{ SUPABASE_URL: "ftp://abc.supabase.co", SUPABASE_SECRET_KEY: SECRET_KEY }, "SUPABASE_URL"],
    // The function refuses a call without the secret key: no URL without it, and only a secret key.
    [{ SUPABASE_URL: "https://abc.supabase.co" }, "SUPABASE_SECRET_KEY"],
    [
      { SUPABASE_URL: "https://abc.supabase.co", SUPABASE_SECRET_KEY: "sb_publishable_abc" },
      "SUPABASE_SECRET_KEY",
    ],
    [{ SUPABASE_SECRET_KEY: SECRET_KEY }, "SUPABASE_URL"],
    [{ SUPABASE_LEAD_FUNCTION: "../etc" }, "SUPABASE_LEAD_FUNCTION"],
    [{ NEXT_PUBLIC_SITE_URL: "example.com" }, "NEXT_PUBLIC_SITE_URL"],
    [{ CRM_WEBHOOK_URL: "ftp://crm.example/hook" }, "CRM_WEBHOOK_URL"],
    [{ TRUST_PROXY: "yes" }, "TRUST_PROXY"],
    [{ LEADS_CREATE_LIMIT: "0" }, "LEADS_CREATE_LIMIT"],
    [{ LEADS_UPDATE_LIMIT: "lots" }, "LEADS_UPDATE_LIMIT"],
  ])("stops on %j with a message naming %s", (source, variable) => {
    expect(() => parseEnv(source)).toThrow(
      new RegExp(`^Invalid environment settings[\\s\\S]*\\b${variable}:`),
    );
  });

  it("reads the store and how many proxies to trust", () => {
    const supabase = { SUPABASE_URL: "https://abc.supabase.co", SUPABASE_SECRET_KEY: SECRET_KEY };
    expect(parseEnv(supabase).supabase?.url).toBe("https://abc.supabase.co");
    expect(() => parseEnv({ DATABASE_URL: "mysql://db/leads" })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ URL/,
    );
    // On Supabase the function posts to the CRM: the site's own CRM_WEBHOOK_URL would be a second poster.
    expect(() => parseEnv({ ...supabase, CRM_WEBHOOK_URL: "https://crm.example/hook" })).toThrow(
      /CRM_WEBHOOK_URL: is the lead function's setting/,
    );
    expect(parseEnv({ TRUST_PROXY: "true" }).trustProxyHops).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "false" }).trustProxyHops).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "2" }).trustProxyHops).toBe(2);
    expect(
      parseEnv({ LEADS_CREATE_LIMIT: "20", LEADS_UPDATE_LIMIT: "300", SERVICE_AREA_LIMIT: "90" })
        .rateLimits,
    ).toEqual({ create: 20, update: 300, serviceArea: 90 });
  });

  it("takes a strong CRON_SECRET for the drain route, and refuses a guessable one", () => {
    const secret = "k3Jd9vQ2mX7pL0sR5tY8wZ1aB4cE6fH9gN2uV5xC8bM=";
    expect(parseEnv({ CRON_SECRET: secret }).cronSecret).toBe(secret);
    for (const hexOrBase64 of ["ab".repeat(32), Buffer.alloc(32, 3).toString("base64url")]) {
      expect(parseEnv({ CRON_SECRET: hexOrBase64 }).cronSecret).toBe(hexOrBase64);
    }
    for (const weak of [
      "password",
      Buffer.alloc(31, 1).toString("base64"),
      "ab".repeat(31),
      "correct horse battery staple, quite long really",
    ]) {
      expect(() => parseEnv({ CRON_SECRET: weak }), weak).toThrow(
        /CRON_SECRET: must be at least 32 random bytes/,
      );
    }
  });

  it("takes a whsec_ CRM_WEBHOOK_SECRET beside CRM_WEBHOOK_URL, and says what is wrong with any other", () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
    const crm = { CRM_WEBHOOK_URL: "https://crm.example/hook" };
    expect(parseEnv({ ...crm, CRM_WEBHOOK_SECRET: secret }).crmWebhookSecret).toBe(secret);
    for (const wrong of [
      Buffer.alloc(32, 7).toString("base64"),
      `whsec_${Buffer.alloc(16, 7).toString("base64")}`,
      `whsec_${Buffer.alloc(65, 7).toString("base64")}`,
      `whsec_${Buffer.alloc(32, 7).toString("base64url").replace(/^./, "-")}`,
      "whsec_not base64!",
    ]) {
      expect(() => parseEnv({ ...crm, CRM_WEBHOOK_SECRET: wrong }), wrong).toThrow(
        "CRM_WEBHOOK_SECRET: must be whsec_ and the base64 of 24 to 64 random bytes",
      );
    }
    expect(() => parseEnv({ CRM_WEBHOOK_SECRET: secret })).toThrow(
      "CRM_WEBHOOK_SECRET: signs the CRM posts, but CRM_WEBHOOK_URL is not set",
    );
    const supabase = { SUPABASE_URL: "https://p.supabase.co", SUPABASE_SECRET_KEY: SECRET_KEY };
    expect(() => parseEnv({ ...supabase, CRM_WEBHOOK_SECRET: secret })).toThrow(
      "CRM_WEBHOOK_SECRET: is the lead function's setting when SUPABASE_URL is set",
    );
  });

  it("reads the bot time trap's threshold, and refuses what is not a duration", () => {
    expect(parseEnv({ LEADS_MIN_FORM_MS: "250" }).minFormMs).toBe(250);
    expect(parseEnv({ LEADS_MIN_FORM_MS: "0" }).minFormMs).toBe(0);
    for (const bad of ["-1", "3s", "1.5", "600001"]) {
      expect(() => parseEnv({ LEADS_MIN_FORM_MS: bad })).toThrow(/LEADS_MIN_FORM_MS: must be/);
    }
  });

  it("documents every setting in .env.example", () => {
    // A setting is documented by its line, or by an example left commented out ("# NAME=value").
    const example = readFileSync(".env.example", "utf8");
    const documented = [...example.matchAll(/^(?:# )?([A-Z_]+)=/gm)].map((match) => match[1]);
    expect(documented.sort()).toEqual([...SETTING_NAMES].sort());
  });
});
