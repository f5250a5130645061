import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetProcessState } from "@/lib/process-state";

let GET: (request: Request) => Response;

beforeAll(async () => {
  vi.stubEnv("SERVICE_AREA_LIMIT", "5");
  // The limiter is per process: start from the limit stubbed above.
  resetProcessState();
  ({ GET } = await import("./route"));
});

afterAll(() => {
  resetProcessState();
  vi.unstubAllEnvs();
});

/** A request from its own client address unless one is given (the rate limit is per address). */
function check(zip: string | null, address = `198.51.100.${randomUUID()}`): Response {
  const query = zip === null ? "" : `?zip=${encodeURIComponent(zip)}`;
  return GET(
    new Request(`http://127.0.0.1/api/service-area${query}`, {
      headers: { "x-peer-address": address },
    }),
  );
}

describe("GET /api/service-area", () => {
  it("answers a served ZIP code with its town, its city's page and the miles, cached for a week", async () => {
    const response = check("33611");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=604800");
    expect(await response.json()).toEqual({
      success: true,
      zip: "33611",
      place: "Tampa",
      state: "FL",
      served: true,
      city: { name: "Tampa", path: "/locations/tampa" },
      miles: expect.any(Number),
      milesOutside: 0,
    });
  });

  it("answers a ZIP code at the edge, outside, and in another state", async () => {
    expect(await check("33503").json()).toMatchObject({ served: true, place: "Balm" });
    expect(await check("33567").json()).toMatchObject({
      served: false,
      place: "Plant City",
      city: { name: "Thonotosassa", path: "/locations/thonotosassa" },
      milesOutside: 1,
    });
    const fortMyers = await check("33901").json();
    expect(fortMyers).toMatchObject({ served: false, place: "Fort Myers", state: "FL" });
    expect(fortMyers.miles).toBeGreaterThan(50);
    expect(await check("30303").json()).toMatchObject({ served: false, state: "GA" });
  });

  it("refuses what is not five digits with 400 and a clear text", async () => {
    for (const zip of [null, "", "3361", "336111", "3361a", "33611-1234", " 33611", "٣٣٦١١"]) {
      const response = check(zip);
      expect(response.status, String(zip)).toBe(400);
      expect(await response.json()).toEqual({
        success: false,
        error: "A ZIP code is 5 digits, like 33611",
      });
    }
  });

  it("answers a code no ZIP has with 404", async () => {
    const response = check("00000");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, error: "We could not find ZIP 00000" });
    expect(response.headers.get("cache-control")).toBe("public, max-age=604800");
  });

  it("limits each client address, says when to come back, and lets no cache keep the refusal", async () => {
    const address = `203.0.113.${randomUUID()}`;
    for (let request = 0; request < 5; request++) expect(check("33611", address).status).toBe(200);
    const refused = check("33611", address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      success: false,
      error: "Too many requests: please wait a few minutes",
    });
    // Another client is not held back.
    expect(check("33611").status).toBe(200);
  });
});
