import { describe, expect, it } from "vitest";
import { outsideMessage, servedMessage, zipOutsideLine } from "./messages";
import { zipAnswer as answer } from "@/tests/support/zip-answer";

describe("the ZIP check's words", () => {
  it("says yes with the ZIP code and its town", () => {
    expect(servedMessage(answer({}), "FL")).toBe("Yes, we come to 33611 (Tampa).");
  });

  it("says how far outside a ZIP code is from the city, naming another state", () => {
    const fortMyers = answer({
      zip: "33901",
      place: "Fort Myers",
      served: false,
      city: { name: "Apollo Beach", path: "/locations/apollo-beach" },
      miles: 85,
    });
    expect(outsideMessage(fortMyers, "FL")).toBe(
      "33901 (Fort Myers) is outside our area, 85 miles from Apollo Beach.",
    );
    expect(outsideMessage({ ...fortMyers, place: "Akutan", state: "AK", miles: 4321 }, "FL")).toBe(
      "33901 (Akutan, AK) is outside our area, 4,321 miles from Apollo Beach.",
    );
  });

  it("gives the owner the miles outside, one mile singular", () => {
    expect(zipOutsideLine("33567", 1)).toBe("ZIP 33567 is 1 mile outside the service area");
    expect(zipOutsideLine("33901", 79)).toBe("ZIP 33901 is 79 miles outside the service area");
  });
});
