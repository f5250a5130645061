import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import { expect, test } from "@playwright/test";
import { SITE } from "@/content/site";
import { builtFolder } from "@/scripts/build/build-folder";

/**
 * No server-side setting reaches a browser: not its value, not even its name, in the client
 * JavaScript (the build's static/) or in the prerendered pages and RSC payloads. `npm test` builds with
 * distinctive values (build-sentinels.env) so a leak of the build's settings would show here.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const NEXT = path.join(ROOT, builtFolder(ROOT));

function files(dir: string, keep: (file: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter(keep);
}

function envFile(file: string): Record<string, string | undefined> {
  const full = path.join(ROOT, file);
  return existsSync(full) ? parseEnv(readFileSync(full, "utf8")) : {};
}

/** Every setting .env.example names, set or shown commented out ("# DATABASE_URL=postgres://…"). */
function documentedSettings(): string[] {
  const text = readFileSync(path.join(ROOT, ".env.example"), "utf8");
  return [...text.matchAll(/^(?:#\s*)?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1] ?? "");
}

test("the client bundle and the prerendered pages hold no server-side setting", () => {
  const serverSettings = documentedSettings().filter((name) => !name.startsWith("NEXT_PUBLIC_"));
  expect(serverSettings).toEqual(
    expect.arrayContaining([
      "SUPABASE_URL",
      "SUPABASE_SECRET_KEY",
      "DATABASE_URL",
      "CRM_WEBHOOK_URL",
    ]),
  );

  // Every value a build could have seen: the sentinels, the .env files, this process's environment.
  const sentinels = envFile("tests/server/build-sentinels.env");
  const sources = [
    sentinels,
    envFile(".env"),
    envFile(".env.local"),
    envFile(".env.production"),
    envFile(".env.production.local"),
    process.env,
  ];
  const values = new Set<string>();
  for (const source of sources) {
    for (const name of serverSettings) {
      const value = source[name];
      // Short values ("false", "5", "crm-lead") are not secrets and would match by chance.
      if (value && value.length >= 12) values.add(value);
    }
  }
  // Each sentinel is looked for (each is long enough not to match by chance).
  expect(Object.keys(sentinels)).not.toEqual([]);
  expect([...values]).toEqual(expect.arrayContaining(Object.values(sentinels)));

  const client = [
    ...files(path.join(NEXT, "static"), () => true),
    ...files(
      path.join(NEXT, "server/app"),
      (file) => /\.(html|rsc|body|meta)$/.test(file) || file.includes(".segments"),
    ),
  ];
  expect(client.filter((file) => file.endsWith(".js")).length).toBeGreaterThan(3);
  const leaks: string[] = [];
  let sawBrand = false;
  for (const file of client) {
    const text = readFileSync(file, "latin1");
    sawBrand ||= text.includes(SITE.shortName);
    for (const needle of [...serverSettings, ...values]) {
      if (text.includes(needle)) leaks.push(`${path.relative(ROOT, file)}: ${needle}`);
    }
  }
  // The scan reads what browsers get: the pages name the business.
  expect(sawBrand).toBe(true);
  expect(leaks).toEqual([]);
});

test("the ZIP data never reaches a browser: no script holds it, no page lists an unserved ZIP", () => {
  const scripts = files(path.join(NEXT, "static"), (file) => file.endsWith(".js"));
  const pages = files(path.join(NEXT, "server/app"), (file) => /\.(html|rsc)$/.test(file));
  expect(scripts.length).toBeGreaterThan(3);
  expect(pages.some((file) => file.endsWith("service-area.html"))).toBe(true);
  // Towns the data holds and the site serves nowhere (codes could match digits in SVG paths).
  const leaks: string[] = [];
  for (const file of [...scripts, ...pages]) {
    const text = readFileSync(file, "utf8");
    for (const needle of ["Akutan", "Beverly Hills", "Fort Myers"]) {
      if (text.includes(needle)) leaks.push(`${path.relative(ROOT, file)}: ${needle}`);
    }
  }
  expect(leaks).toEqual([]);
});
