import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { everyZip, findZip, zipDataSource } from "./zip-data";

describe("the ZIP data", () => {
  it("knows every state's ZIP codes, with a town and a point", () => {
    const zips = [...everyZip()];
    expect(zips.length).toBeGreaterThan(40_000);
    expect(new Set(zips.map((zip) => zip.state)).size).toBeGreaterThanOrEqual(50);
    expect(findZip("33611")).toMatchObject({
      zip: "33611",
      place: "Tampa",
      state: "FL",
      county: "Hillsborough",
    });
  });

  it("is the version the README names", () => {
    const readme = readFileSync(path.join(process.cwd(), "README.md"), "utf8");
    const { packageName, version } = zipDataSource();
    expect(readme).toContain(`\`${packageName}\` ${version}`);
  });
});
