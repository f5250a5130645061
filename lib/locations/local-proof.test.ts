import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCAL_PROOF, type LocalProofEntry } from "@/content/local-proof";
import { REVIEWS } from "@/content/reviews";
import { localProofOf, monthText, parseLocalProof } from "./local-proof";
import { FULL_JOB } from "./local-proof.fixture";

const publicDir = mkdtempSync(path.join(tmpdir(), "local-proof-"));
mkdirSync(path.join(publicDir, "proof"));
writeFileSync(path.join(publicDir, "proof", "safety-harbor-2026-03.jpg"), "");
const now = new Date("2026-12-07T12:00:00Z");
const parse = (entries: unknown) => parseLocalProof(entries, { now, publicDir });

const JOB: LocalProofEntry = FULL_JOB;

describe("content/local-proof.ts", () => {
  it("ships no invented proof: every committed entry checks out, and there are none yet", () => {
    expect(parseLocalProof(LOCAL_PROOF)).toEqual([]);
    expect(localProofOf("tampa")).toEqual([]);
  });

  it("keeps a full entry and one with only the required fields, newest first", () => {
    const bare = { town: "tampa", month: "2026-11", work: "Storefront glass on Franklin Street." };
    expect(parse([JOB, bare])).toEqual([bare, JOB]);
    expect(monthText(JOB.month)).toBe("March 2026");
  });

  it("refuses each mistake with a message naming the entry, the field and the fix", () => {
    const refusal = (change: Partial<Record<keyof LocalProofEntry, unknown>>) => {
      try {
        parse([JOB, { ...JOB, ...change }]);
      } catch (error) {
        return String(error);
      }
      return "accepted";
    };
    expect(refusal({ town: "st-petersburg" })).toMatch(
      /town "st-petersburg" is not a slug of content\/locations\.ts \(land-o-lakes, tampa,[^]*→ at \[1\]\.town/,
    );
    expect(refusal({ month: "2026-3" })).toContain('month "2026-3" is not YYYY-MM');
    expect(refusal({ month: "2027-01" })).toContain("month 2027-01 is in the future (now 2026-12)");
    expect(refusal({ work: " " })).toContain("work (what was done) is empty");
    expect(refusal({ review: { quote: "Great.", name: "Maria Gonzalez" } })).toContain(
      'reviewer "Maria Gonzalez" is not a first name and an initial, like "Maria G."',
    );
    expect(refusal({ review: { quote: REVIEWS[0].text, name: "Sarah M." } })).toContain(
      "the quote is a sample review of content/reviews.ts",
    );
    expect(refusal({ photo: { ...JOB.photo, src: "/proof/missing.jpg" } })).toContain(
      "photo public/proof/missing.jpg does not exist",
    );
    expect(refusal({ photo: { ...JOB.photo, src: "/../secret.jpg" } })).toContain(
      "is not a path under public/",
    );
    expect(refusal({ photo: { ...JOB.photo, alt: "" } })).toContain(
      "the photo's alt text is empty",
    );
    const { width: _width, ...noWidth } = FULL_JOB.photo;
    expect(refusal({ photo: noWidth })).toMatch(/→ at \[1\]\.photo\.width/);
    expect(refusal({ neighborhood: "Harbor Woods" } as never)).toContain(
      'Unrecognized key: "neighborhood"',
    );
    expect(refusal({})).toBe("accepted");
  });
});
