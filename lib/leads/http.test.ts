import { describe, expect, it } from "vitest";
import { HttpError } from "./http";

describe("HttpError", () => {
  it("is recognised when another bundle's copy of the class made it", () => {
    const fromOtherBundle = Object.assign(new Error("Quote not found"), {
      [Symbol.for("suncoast.HttpError")]: true,
      status: 404,
    });
    expect(fromOtherBundle instanceof HttpError).toBe(true);
    expect(new HttpError(422, "reused") instanceof HttpError).toBe(true);
    expect(new Error("plain") instanceof HttpError).toBe(false);
  });
});
