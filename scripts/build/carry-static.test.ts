import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { testDir } from "@/tests/support/temp-dir";
import { CARRIED_LEDGER, carryStaticFiles } from "./carry-static";

const DAY_MS = 24 * 60 * 60 * 1000;

function write(folder: string, file: string, text: string) {
  mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
  writeFileSync(path.join(folder, file), text);
}

it("serves the previous build's static files for 7 days after the build that replaced it", () => {
  const root = testDir("carry-static");
  const [older, previous, target] = ["older", "previous", "target"].map((name) =>
    path.join(root, name),
  ) as [string, string, string];
  const start = new Date("2026-12-01T12:00:00Z");
  write(older, "static/chunks/old.js", "old");
  write(previous, "static/chunks/shared.js", "same name, same content");
  write(previous, "static/chunks/previous.js", "previous");
  write(previous, "static/build-1/_buildManifest.js", "manifest");
  write(target, "static/chunks/shared.js", "same name, same content");
  expect(carryStaticFiles(older, previous, start)).toBe(1);
  expect(readFileSync(path.join(previous, "static/chunks/old.js"), "utf8")).toBe("old");

  const sixDaysOn = new Date(start.getTime() + 6 * DAY_MS);
  expect(carryStaticFiles(previous, target, sixDaysOn)).toBe(3);
  const ledger = JSON.parse(readFileSync(path.join(target, CARRIED_LEDGER), "utf8")) as object;
  expect(ledger).toEqual({
    "chunks/old.js": start.toISOString(),
    "chunks/previous.js": sixDaysOn.toISOString(),
    "build-1/_buildManifest.js": sixDaysOn.toISOString(),
  });

  // A build a day later: the first build's files are past their 7 days, the second's are kept.
  const next = path.join(root, "next");
  expect(carryStaticFiles(target, next, new Date(sixDaysOn.getTime() + 1.5 * DAY_MS))).toBe(3);
  expect(existsSync(path.join(next, "static/chunks/old.js"))).toBe(false);
  expect(existsSync(path.join(next, "static/chunks/previous.js"))).toBe(true);
});
