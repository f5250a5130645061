import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { LOCATIONS } from "@/content/locations";
import { REVIEWS } from "@/content/reviews";
import { SITE } from "@/content/site";
import { TEAM } from "@/content/team";
import { startSite, testDatabase } from "./site-server";

/**
 * The launch gate (lib/launch-gate.ts) as an operator meets it: a production deploy that still
 * carries the placeholders stops at build and at start, naming each; the quick start is untouched.
 * That real details pass is lib/launch-gate.test.ts's (the repository ships only placeholders).
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const PLACEHOLDERS = [
  `the number shown, phone.display ${SITE.phone.display}, and the number dialled, phone.e164 ${SITE.phone.e164}, are placeholders`,
  `the e-mail address ${SITE.email} is a placeholder`,
  `the rating (${SITE.rating.value} from ${SITE.rating.count} reviews) is the specification's sample`,
  `${REVIEWS.length} of ${REVIEWS.length} reviews are samples`,
  `${TEAM.length} of ${TEAM.length} team members are samples`,
];

/** What says "production deploy" or gives the site's address: cleared of the machine's own values. */
const GATE_SETTINGS = Object.fromEntries(
  [
    "SITE_ENV",
    "VERCEL",
    "VERCEL_ENV",
    "VERCEL_PROJECT_PRODUCTION_URL",
    "NETLIFY",
    "CONTEXT",
    "URL",
    "RENDER",
    "FLY_APP_NAME",
    "RAILWAY_ENVIRONMENT_NAME",
    "NEXT_PUBLIC_SITE_URL",
  ].map((name) => [name, undefined]),
);

/** The gate's step of `npm run build`, as the build runs it. */
function buildGate(env: Record<string, string | undefined>) {
  return spawnSync(process.execPath, ["--import", "tsx", "scripts/build/launch-gate.ts"], {
    cwd: ROOT,
    env: { ...process.env, ...GATE_SETTINGS, ...env },
    encoding: "utf8",
  });
}

test("a production build with the placeholders and no site address stops, naming each", () => {
  const deploys: Record<string, string>[] = [
    { SITE_ENV: "production" },
    { VERCEL: "1", VERCEL_ENV: "production" },
  ];
  for (const env of deploys) {
    const gate = buildGate(env);
    expect(gate.status, gate.stderr).toBe(1);
    for (const item of [...PLACEHOLDERS, "The site's address is not set"]) {
      expect(gate.stderr).toContain(item);
    }
    // The pages without local proof are a warning, printed apart from the refusal.
    const [warning, refusal = ""] = gate.stderr.split("Launch gate: this is a production deploy");
    expect(warning).toContain(
      `${LOCATIONS.length} of ${LOCATIONS.length} city pages show no local proof`,
    );
    expect(refusal).not.toContain("local proof");
  }
  const localhost = buildGate({
    SITE_ENV: "production",
    NEXT_PUBLIC_SITE_URL: "http://localhost:3000",
  });
  expect(localhost.stderr).toContain(
    "NEXT_PUBLIC_SITE_URL is http://localhost:3000, not a public address",
  );
});

test("a build that is not a production deploy passes the gate without a word", () => {
  const others: Record<string, string>[] = [
    {},
    { SITE_ENV: "preview" },
    { VERCEL: "1", VERCEL_ENV: "preview" },
  ];
  for (const env of others) {
    const gate = buildGate(env);
    expect(gate.status, gate.stderr).toBe(0);
    expect(gate.stdout + gate.stderr).toBe("");
  }
});

test("a production server with the placeholders and no way to hear of a lead refuses to start; one with an unsigned CRM says so", async () => {
  // A store it could use: what stops it is the gate alone.
  const database = await testDatabase();
  const refusalOf = (settings: Record<string, string>) =>
    startSite({ DATABASE_URL: database.url, SITE_ENV: "production", ...settings }).then(
      async (site) => {
        await site.stop();
        return "it started";
      },
      (error: unknown) => String(error),
    );
  try {
    const refusal = await refusalOf({});
    expect(refusal).toContain("exited with 1");
    for (const item of [...PLACEHOLDERS, "No way to hear of a lead"]) {
      expect(refusal).toContain(item);
    }
    expect(refusal).not.toContain("webhook.unsigned");
    // A CRM is a way to hear of a lead; without CRM_WEBHOOK_SECRET its posts go unsigned, and the
    // start says so (the placeholders still stop it).
    const unsigned = await refusalOf({ CRM_WEBHOOK_URL: "http://127.0.0.1:9/hooks/lead" });
    expect(unsigned).toContain(PLACEHOLDERS[0]);
    expect(unsigned).not.toContain("No way to hear of a lead");
    expect(unsigned).toMatch(/"event":"webhook\.unsigned".*CRM_WEBHOOK_SECRET is not set/);
  } finally {
    await database.drop();
  }
});
