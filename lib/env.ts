import "server-only";
import { z } from "zod";
import { SITE_ENVS } from "@/lib/launch-gate";
import { CONTROL_CHARACTERS } from "@/lib/mail/header-text";
import { DEFAULT_MIN_FORM_MS } from "@/lib/quote/form-traps";
import { DEFAULT_MAIL_TIMING } from "@shared/leads/mail-queue";
import { DEFAULT_UPDATE_LIMIT } from "@shared/leads/store-contract";
import { webhookSecretSchema } from "@shared/leads/webhook-signature";
import { processSingleton } from "./process-state";

/**
 * PostgreSQL keeps up to max_wal_size of WAL between checkpoints (1 GB, the embedded cluster's
 * default): with less free, one busy stretch or a lagging checkpoint fills the disk.
 */
export const LOW_SPACE_MB = 1024;

/** Unset and empty mean the same thing, so `SUPABASE_URL=` in a .env file switches forwarding off. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

/** A count of requests per client per 10 minutes. */
const perTenMinutes = z
  .string()
  .regex(/^[1-9][0-9]{0,6}$/, "must be a whole number of requests per 10 minutes, at least 1")
  .transform(Number);

/** Milliseconds, from 0 (the trap off) to 10 minutes. */
const milliseconds = z
  .string()
  .regex(/^[0-9]{1,6}$/, "must be a whole number of milliseconds")
  .transform(Number)
  .refine((ms) => ms <= 600_000, "must be at most 600000 (10 minutes)");

/** At least 32 random bytes as hex or base64, so that its length says how random it is. */
const strongSecret = z
  .string()
  .refine(
    (value) =>
      /^(?:[0-9a-f]{2})+$/i.test(value)
        ? value.length >= 64
        : /^[A-Za-z0-9+/_-]+={0,2}$/.test(value) && value.replace(/=+$/, "").length >= 43,
    "must be at least 32 random bytes as hex or base64, e.g. `openssl rand -base64 32`",
  );

/** One or more addresses separated by commas: where the owner's e-mails go. */
const addressList = z
  .string()
  .transform((value) => value.split(",").map((address) => address.trim()))
  .pipe(
    z
      .array(z.email({ error: "must be e-mail addresses separated by commas" }))
      .min(1, "must name at least one e-mail address"),
  );

/** `quotes@example.com` or `Suncoast Shine <quotes@example.com>`: the From header. */
const mailbox = z
  .string()
  .refine((value) => !value.match(CONTROL_CHARACTERS), "must not contain control characters")
  .transform((value, ctx) => {
    const match = /^(?:(.*?)\s*<([^<>]+)>|([^<>\s]+))$/.exec(value.trim());
    const address = match?.[2] ?? match?.[3] ?? "";
    if (!z.email().safeParse(address).success) {
      ctx.addIssue({
        code: "custom",
        message:
          'must be an address, or a name and an address: "Suncoast Shine <quotes@example.com>"',
      });
      return z.NEVER;
    }
    return { name: match?.[1]?.replace(/^"|"$/g, "").trim() ?? "", address };
  });

const envSchema = z
  .object({
    NEXT_PUBLIC_SITE_URL: optional(httpUrl),
    // Read by lib/launch-gate.ts, which says what each value means; listed here to be checked at start.
    SITE_ENV: optional(z.enum(SITE_ENVS, { error: `must be one of ${SITE_ENVS.join(", ")}` })),
    // Set by `npm start` (scripts/start.ts) to the embedded PostgreSQL it runs; or a PostgreSQL of
    // the operator's own. Unused when the leads go to Supabase (SUPABASE_URL).
    DATABASE_URL: optional(
      z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }),
    ),
    CRM_WEBHOOK_URL: optional(httpUrl),
    CRM_WEBHOOK_SECRET: optional(webhookSecretSchema),
    // The store's data folder, whose disk /api/health watches: set by `npm start` to the embedded
    // PostgreSQL's (scripts/start.ts); the folder `npm run leads -- backup` writes by default.
    LEADS_DATA_DIR: optional(z.string()),
    LEADS_BACKUP_DIR: optional(z.string()),
    LEADS_MIN_FREE_MB: optional(
      z
        .string()
        .regex(/^[1-9][0-9]{0,8}$/, "must be a whole number of megabytes, at least 1")
        .transform(Number),
    ),
    LEADS_CREATE_LIMIT: optional(perTenMinutes),
    LEADS_UPDATE_LIMIT: optional(perTenMinutes),
    SERVICE_AREA_LIMIT: optional(perTenMinutes),
    LEADS_MIN_FORM_MS: optional(milliseconds),
    TRUST_PROXY: optional(
      z
        .string()
        .regex(
          /^(true|false|[0-9]{1,2})$/,
          "must be false, true, or the number of proxies in front",
        )
        .transform((value) => (value === "true" ? 1 : value === "false" ? 0 : Number(value))),
    ),
    SUPABASE_URL: optional(httpUrl),
    SUPABASE_SECRET_KEY: optional(
      z
        .string()
        .regex(
          /^sb_secret_\S+$/,
          "must be the project's secret key, sb_secret_… (the dashboard's Settings > API Keys)",
        ),
    ),
    SUPABASE_LEAD_FUNCTION: optional(
      z
        .string()
        .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, "must be a function name (letters, digits, - and _)"),
    ),
    SMTP_URL: optional(
      z.url({
        protocol: /^smtps?$/,
        error: "must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@smtp.example.com:465",
      }),
    ),
    LEADS_NOTIFY_TO: optional(addressList),
    MAIL_FROM: optional(mailbox),
    MAIL_WINDOW_MS: optional(milliseconds),
    MAIL_SETTLE_MS: optional(milliseconds),
    CRON_SECRET: optional(strongSecret),
  })
  .superRefine((env, ctx) => {
    // On Supabase the lead function keeps the leads and posts them to the CRM: one store, one poster.
    for (const name of ["CRM_WEBHOOK_URL", "CRM_WEBHOOK_SECRET"] as const) {
      if (env.SUPABASE_URL && env[name]) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: `is the lead function's setting when SUPABASE_URL is set: \`supabase secrets set ${name}=…\` (supabase/README.md)`,
        });
      }
    }
    if (!env.SUPABASE_URL && env.CRM_WEBHOOK_SECRET && !env.CRM_WEBHOOK_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["CRM_WEBHOOK_SECRET"],
        message: "signs the CRM posts, but CRM_WEBHOOK_URL is not set: there are none",
      });
    }
    // Half a group is a mistake, not a choice: say which part is missing. SUPABASE_SECRET_KEY
    // (which the lead function checks) replaces SUPABASE_ANON_KEY and LEAD_SIGNING_SECRET;
    // SMTP_URL switches notifications on and needs both others.
    const groups = [
      ["SUPABASE_URL", "SUPABASE_SECRET_KEY"],
      ["SMTP_URL", "LEADS_NOTIFY_TO", "MAIL_FROM"],
    ] as const;
    for (const group of groups) {
      const set = group.filter((name) => env[name] !== undefined);
      for (const name of set.length > 0 ? group.filter((each) => !set.includes(each)) : []) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: `is required when ${set.join(" and ")} ${set.length > 1 ? "are" : "is"} set`,
        });
      }
    }
  });

export type ServerEnv = ReturnType<typeof parseEnv>;
export type MailSettings = NonNullable<ServerEnv["mail"]>;

/** Every setting this module reads; .env.example must document each (a unit test checks). */
export const SETTING_NAMES = Object.keys(envSchema.shape);

export const DEFAULT_LEAD_FUNCTION = "crm-lead";

/** Parses the settings; throws an error naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>) {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment settings (see .env.example):\n${lines.join("\n")}`);
  }
  const env = result.data;
  return {
    databaseUrl: env.DATABASE_URL ?? null,
    /** Where this server posts each lead for the CRM (the embedded store; on Supabase, the function). */
    crmWebhookUrl: env.CRM_WEBHOOK_URL ?? null,
    /** The `whsec_` secret that signs those posts (Standard Webhooks), or null: sent unsigned. */
    crmWebhookSecret: env.CRM_WEBHOOK_SECRET ?? null,
    /** The data folder whose free space /api/health reports, or null: not on this machine. */
    dataDir: env.LEADS_DATA_DIR ?? null,
    /** LEADS_BACKUP_DIR, or null: data/backups (lib/leads/backups.ts). */
    backupDir: env.LEADS_BACKUP_DIR ?? null,
    /** Below this many MB free in the data folder the space is low (lib/health.ts, LOW_SPACE_MB). */
    minFreeMb: env.LEADS_MIN_FREE_MB ?? LOW_SPACE_MB,
    /** How many proxies in front append to X-Forwarded-For; 0 trusts none and uses the TCP peer. */
    trustProxyHops: env.TRUST_PROXY ?? 0,
    // Per 10 minutes, plenty for a person and little for a script (a visitor checks a ZIP code or
    // two, and the contact step one more).
    rateLimits: {
      create: env.LEADS_CREATE_LIMIT ?? 5,
      update: env.LEADS_UPDATE_LIMIT ?? DEFAULT_UPDATE_LIMIT,
      serviceArea: env.SERVICE_AREA_LIMIT ?? 60,
    },
    /** A create sent sooner than this after the visitor first touched the calculator is kept as spam. */
    minFormMs: env.LEADS_MIN_FORM_MS ?? DEFAULT_MIN_FORM_MS,
    /** The lead function and the project's secret key, when the leads are on Supabase. */
    supabase:
      env.SUPABASE_URL && env.SUPABASE_SECRET_KEY
        ? {
            url: env.SUPABASE_URL,
            secretKey: env.SUPABASE_SECRET_KEY,
            leadFunction: env.SUPABASE_LEAD_FUNCTION ?? DEFAULT_LEAD_FUNCTION,
          }
        : null,
    /** E-mail notifications (SMTP_URL and its group), or null: off. Timings: .env.example. */
    mail:
      env.SMTP_URL && env.LEADS_NOTIFY_TO && env.MAIL_FROM
        ? {
            smtpUrl: env.SMTP_URL,
            notifyTo: env.LEADS_NOTIFY_TO,
            from: env.MAIL_FROM,
            windowMs: env.MAIL_WINDOW_MS ?? DEFAULT_MAIL_TIMING.windowMs,
            settleMs: env.MAIL_SETTLE_MS ?? DEFAULT_MAIL_TIMING.settleMs,
          }
        : null,
    /** The bearer secret of `/api/deliveries/drain` (a serverless host's scheduler), or null: off. */
    cronSecret: env.CRON_SECRET ?? null,
  };
}

/** The process's settings, parsed once. */
export function serverEnv(): ServerEnv {
  return processSingleton("env", () => parseEnv(process.env));
}
