import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MIGRATIONS } from "./database";

/**
 * SHA-256 of each shipped migration's text. An inbox already on disk never runs a migration
 * again, so an edited one would give new inboxes a schema the existing ones never get. Adding
 * migration N appends its fingerprint here, in the same commit.
 */
const SHIPPED = [
  "5e8c64d4b47c",
  "acf974292131",
  "2f266abc13b8",
  "320307389fbf",
  "a91b4b577b11",
  "64363ea6e220",
  "e822b2c2190d",
  "bf7df2149090",
  "61a14bbc5ec7",
];

const fingerprint = (sql: string) => createHash("sha256").update(sql).digest("hex").slice(0, 12);

describe("lead database migrations", () => {
  it("never edits a shipped migration, and every migration is fingerprinted here", () => {
    expect(MIGRATIONS.map(fingerprint)).toEqual(SHIPPED);
  });
});
