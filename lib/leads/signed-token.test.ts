import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openSigned, signToken } from "./signed-token";

const secret = randomBytes(32);
const contents = { v: 1, id: "3f2a9c1e-0000-4000-8000-000000000000", spam: false };

describe("signed tokens", () => {
  it("give back what was signed", () => {
    expect(openSigned(secret, signToken(secret, contents))).toEqual(contents);
  });

  it("refuse a token made by hand: the contents alone, unsigned", () => {
    const forged = Buffer.from(JSON.stringify(contents)).toString("base64url");
    expect(openSigned(secret, forged)).toBeNull();
    expect(openSigned(secret, `${forged}.`)).toBeNull();
  });

  it("refuse a token whose contents were changed", () => {
    const [, signature] = signToken(secret, contents).split(".");
    const altered = Buffer.from(JSON.stringify({ ...contents, spam: true })).toString("base64url");
    expect(openSigned(secret, `${altered}.${signature}`)).toBeNull();
  });

  it("refuse every single-character change", () => {
    const token = signToken(secret, contents);
    for (let at = 0; at < token.length; at += 1) {
      const swapped = token[at] === "A" ? "B" : "A";
      const changed = token.slice(0, at) + swapped + token.slice(at + 1);
      if (changed !== token) expect(openSigned(secret, changed), `at ${at}`).toBeNull();
    }
  });

  it("refuse a token signed with another secret, or cut short, or with parts added", () => {
    const token = signToken(secret, contents);
    expect(openSigned(randomBytes(32), token)).toBeNull();
    expect(openSigned(secret, token.slice(0, -2))).toBeNull();
    expect(openSigned(secret, `${token}.extra`)).toBeNull();
    expect(openSigned(secret, "")).toBeNull();
  });
});
