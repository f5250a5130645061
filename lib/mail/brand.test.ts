import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MAIL_COLORS } from "./brand";

describe("MAIL_COLORS", () => {
  it("are the theme's own colours, as app/globals.css declares them", () => {
    const css = readFileSync(new URL("../../app/globals.css", import.meta.url), "utf8");
    for (const [name, hex] of Object.entries(MAIL_COLORS)) {
      const declared = new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6});`, "i").exec(css)?.[1];
      expect(declared?.toLowerCase(), name).toBe(hex);
    }
  });
});
