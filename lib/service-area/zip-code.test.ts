import { describe, expect, it } from "vitest";
import { zipAnswer } from "@/tests/support/zip-answer";
import { parseZipAnswer, readZipField, zipInAddress } from "./zip-code";

describe("zipInAddress", () => {
  it("finds the ZIP code at the end of an address, ZIP+4 included", () => {
    expect(zipInAddress("4012 W Bay Ave, Tampa, FL 33611")).toBe("33611");
    expect(zipInAddress("4012 W Bay Ave, Tampa FL 33611-2104")).toBe("33611");
    expect(zipInAddress("4012 W Bay Ave, Tampa FL 336112104")).toBe("33611");
    expect(zipInAddress("12345 Gulf Blvd, Madeira Beach, FL 33708, USA")).toBe("33708");
  });

  it("never takes the house number for a ZIP code", () => {
    expect(zipInAddress("12345 Gulf Blvd, Madeira Beach")).toBeNull();
    expect(zipInAddress("  33611 Bay Ave")).toBeNull();
  });

  it("needs exactly five digits", () => {
    expect(zipInAddress("1 Main St, Tampa 3361")).toBeNull();
    expect(zipInAddress("1 Main St, Tampa 336110")).toBeNull();
    expect(zipInAddress("")).toBeNull();
  });
});

describe("readZipField", () => {
  it("has a ZIP code from the fifth digit on, ZIP+4 whole or being typed", () => {
    expect(readZipField("33611")).toEqual({ zip: "33611" });
    expect(readZipField(" 33611-1234 ")).toEqual({ zip: "33611" });
    expect(readZipField("33611-12")).toEqual({ zip: "33611" });
    // ZIP+4 typed without its dash: the same ZIP code from the fifth digit to the ninth.
    for (const typed of ["33611", "336112", "3361121", "33611210", "336112104"]) {
      expect(readZipField(typed)).toEqual({ zip: "33611" });
    }
  });

  it("waits while the field can still become a ZIP code", () => {
    expect(readZipField("")).toBe("partial");
    expect(readZipField(" 3361")).toBe("partial");
  });

  it("says so once it cannot", () => {
    expect(readZipField("3361a")).toBe("malformed");
    expect(readZipField("3361112345")).toBe("malformed");
    expect(readZipField("33611-12345")).toBe("malformed");
    expect(readZipField("Tampa")).toBe("malformed");
  });
});

describe("parseZipAnswer", () => {
  const answer = zipAnswer();

  it("keeps an answer of the API's shape, and only its fields", () => {
    expect(parseZipAnswer({ success: true, ...answer })).toEqual(answer);
  });

  it("refuses anything else", () => {
    expect(parseZipAnswer(null)).toBeNull();
    expect(parseZipAnswer({ success: false, error: "We could not find ZIP 00000" })).toBeNull();
    expect(parseZipAnswer({ ...answer, served: "yes" })).toBeNull();
    expect(parseZipAnswer({ ...answer, miles: -1 })).toBeNull();
    expect(
      parseZipAnswer({ ...answer, city: { name: "Tampa", path: "https://x.example" } }),
    ).toBeNull();
  });
});
