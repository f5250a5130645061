import { describe, expect, it } from "vitest";
import { assertSameOrigin, clientAddress, idempotencyKey, requestHash } from "./guards";

const request = (headers: Record<string, string>, url = "http://10.0.0.5:3000/api/quote") =>
  new Request(url, { method: "POST", headers });

describe("clientAddress", () => {
  it("uses the TCP peer and ignores X-Forwarded-For unless TRUST_PROXY says so", () => {
    const spoofed = request({ "x-peer-address": "198.51.100.7", "x-forwarded-for": "1.2.3.4" });
    expect(clientAddress(spoofed, 0)).toBe("198.51.100.7");
  });

  it("behind N trusted proxies, takes the address the outermost one saw", () => {
    const headers = {
      "x-peer-address": "10.0.0.1",
      "x-forwarded-for": "1.2.3.4, 203.0.113.8, 10.0.0.2",
    };
    expect(clientAddress(request(headers), 1)).toBe("10.0.0.2");
    expect(clientAddress(request(headers), 2)).toBe("203.0.113.8");
    // Fewer entries than proxies: the peer, never an index off the end.
    expect(clientAddress(request(headers), 5)).toBe("10.0.0.1");
  });

  it("counts an IPv6 client by its /64 and an IPv4-mapped one as its IPv4 address", () => {
    const peer = (address: string) => clientAddress(request({ "x-peer-address": address }), 0);
    expect(peer("2001:db8:1:2::1")).toBe(peer("2001:db8:1:2:ffff:eeee:dddd:cccc"));
    expect(peer("2001:db8:1:2::1")).not.toBe(peer("2001:db8:1:3::1"));
    expect(peer("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(peer("198.51.100.7")).not.toBe(peer("198.51.100.8"));
    const forwarded = request({ "x-forwarded-for": "2001:db8:1:2:aaaa::9" });
    expect(clientAddress(forwarded, 1)).toBe(peer("2001:db8:1:2::1"));
  });
});

describe("assertSameOrigin", () => {
  it("trusts the browser's Sec-Fetch-Site: same-origin", () => {
    expect(() => assertSameOrigin(request({ "sec-fetch-site": "same-origin" }), 0)).not.toThrow();
  });

  it("otherwise needs an Origin that is the site's URL or the host asked", () => {
    expect(() => assertSameOrigin(request({ origin: "http://localhost:3000" }), 0)).not.toThrow();
    expect(() =>
      assertSameOrigin(request({ origin: "http://shine.test:8080", host: "shine.test:8080" }), 0),
    ).not.toThrow();
    expect(() =>
      assertSameOrigin(request({ origin: "https://shine.test:8080", host: "shine.test:8080" }), 0),
    ).toThrow("Cross-origin");
    expect(() => assertSameOrigin(request({ origin: "null" }), 0)).toThrow("Cross-origin");
    expect(() => assertSameOrigin(request({}), 0)).toThrow("Cross-origin");
  });

  it("reads the public host and scheme from a trusted proxy only", () => {
    const behindProxy = request({
      origin: "https://www.shine.test",
      host: "10.0.0.5:3000",
      "x-forwarded-host": "www.shine.test",
      "x-forwarded-proto": "https",
    });
    expect(() => assertSameOrigin(behindProxy, 1)).not.toThrow();
    expect(() => assertSameOrigin(behindProxy, 0)).toThrow("Cross-origin");
  });
});

describe("idempotencyKey and requestHash", () => {
  it("takes a UUID v4, in any case, and refuses anything else", () => {
    const key = "6F1C1F7E-8D0A-4B8E-9A57-2F4F0F6F7A11";
    expect(idempotencyKey(request({ "idempotency-key": key }))).toBe(key.toLowerCase());
    expect(idempotencyKey(request({}))).toBeNull();
    for (const bad of ["", "abc", "6f1c1f7e-8d0a-1b8e-9a57-2f4f0f6f7a11", `${key}x`]) {
      expect(() => idempotencyKey(request({ "idempotency-key": bad }))).toThrow("UUID v4");
    }
  });

  it("fingerprints a request whatever its key order, and tells different ones apart", () => {
    expect(requestHash({ a: 1, b: { c: [1, 2], d: "x" } })).toBe(
      requestHash({ b: { d: "x", c: [1, 2] }, a: 1 }),
    );
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }));
    expect(requestHash({ a: [1, 2] })).not.toBe(requestHash({ a: [2, 1] }));
  });
});
