import { randomBytes, randomUUID } from "node:crypto";
import { acceptedVisitDates } from "@/lib/quote/closed-days";
import { uniqueName } from "../e2e/quote-flow";
import { validQuote } from "../support/quote";
import { expect, test } from "./fixtures";
import { SHARED_CREATE_LIMIT, SHARED_UPDATE_LIMIT, startEmbeddedSite } from "./site";
import { type Answer, api, created, newClient } from "./site-api";
import { missingTools } from "./tools";

/**
 * The per-client limits (#43, defect 4): each request is counted before the lead it names is looked
 * up, on every route and on either store, so a client over its limit learns nothing and costs
 * nothing; and the client is an IPv4 address, or an IPv6 address's /64 (lib/rate-limit.ts,
 * clientKey). Each test is its own client (X-Forwarded-For; the servers trust one proxy).
 */

const missing = missingTools();
test.skip(Boolean(missing), missing);

const quoteNamed = (label: string) => validQuote({ name: uniqueName(label, "limits") });

/** Requests until the first 429 (at most `most`): the limit spent, whatever the server's setting. */
async function spend(request: () => Promise<Answer>, most = 200) {
  for (let n = 0; n < most; n++) {
    const answer = await request();
    if (answer.status === 429) return n;
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  }
  throw new Error(`no 429 after ${most} requests`);
}

/** A fresh /64 of the documentation prefix, as the first four groups. */
const randomSlash64 = () =>
  `2001:db8:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;
/** A fresh IPv4 address of the private 10/8 block. */
const randomIPv4 = () => `10.${[...randomBytes(3)].join(".")}`;

for (const store of ["shared", "embedded"] as const) {
  test(`${store} store: over the limit, every route answers 429 before it looks the lead up`, async ({
    sharedSites: { a },
  }) => {
    test.setTimeout(90_000);
    const embedded = store === "embedded" ? await startEmbeddedSite() : null;
    try {
      const site = embedded ?? a;
      const client = newClient();
      const { id, token } = created(await api(site, client).create(quoteNamed(store)));
      const wrong = `${token.slice(0, -4)}AAAA`;
      const [earliestDate = ""] = acceptedVisitDates(new Date());
      const visitWindow = { earliestDate, partOfDay: "any" };
      // Reads and updates share one limit: spent here by reads.
      await spend(() => api(site, client).view(id, token));
      const refused = {
        "GET, the right token": await api(site, client).view(id, token),
        "GET, a wrong token": await api(site, client).view(id, wrong),
        "GET, an unknown lead": await api(site, client).view(randomUUID(), token),
        "PATCH, a wrong token": await api(site, client).update(id, wrong, { frequency: "monthly" }),
        "PATCH with a visit window, the right token": await api(site, client).update(id, token, {
          visitWindow,
        }),
        "PATCH with a visit window, a wrong token": await api(site, client).update(id, wrong, {
          visitWindow,
        }),
        "PATCH with a visit window, an unknown lead": await api(site, client).update(
          randomUUID(),
          token,
          { visitWindow },
        ),
      };
      for (const [request, answer] of Object.entries(refused)) {
        expect(answer.status, `${request}: ${JSON.stringify(answer.body)}`).toBe(429);
        expect(Number(answer.headers.get("retry-after")), request).toBeGreaterThan(0);
      }
      // New leads have their own limit; a replay of an answered create costs nothing.
      const key = randomUUID();
      const first = quoteNamed(`${store} create`);
      created(await api(site, client).create(first, key));
      await spend(() => api(site, client).create(quoteNamed(`${store} create`)));
      expect((await api(site, client).create(quoteNamed(`${store} create`))).status).toBe(429);
      const replay = await api(site, client).create(first, key);
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      // Another client is not limited.
      expect((await api(site, newClient()).view(id, token)).status).toBe(200);
    } finally {
      await embedded?.stop();
      await embedded?.remove();
    }
  });
}

test("a PATCH with a visit window costs one request of the limit, not two", async ({
  sharedSites: { a, b },
}) => {
  const client = newClient();
  const { id, token } = created(await api(a, client).create(quoteNamed("window")));
  const dates = acceptedVisitDates(new Date());
  for (let n = 0; n < SHARED_UPDATE_LIMIT; n++) {
    const visitWindow = { earliestDate: dates[n % dates.length], partOfDay: "morning" };
    const answer = await api(n % 2 ? a : b, client).update(id, token, { visitWindow });
    expect(answer.status, `request ${n + 1}: ${JSON.stringify(answer.body)}`).toBe(200);
  }
  expect((await api(a, client).view(id, token)).status).toBe(429);
});

test("two IPv6 addresses of one /64 share a limit; another /64 has its own", async ({
  sharedSites: { a, b },
}) => {
  const net = randomSlash64();
  for (let n = 0; n < SHARED_CREATE_LIMIT; n++) {
    const site = n % 2 ? a : b;
    created(await api(site, `${net}:${n + 1}::${n + 7}`).create(quoteNamed("ipv6")));
  }
  const sameNet = await api(a, `${net}:ffff:eeee:dddd:cccc`).create(quoteNamed("ipv6"));
  expect(sameNet.status).toBe(429);
  created(await api(b, `${randomSlash64()}::1`).create(quoteNamed("ipv6, another /64")));
});

test("IPv4 is counted per address, and an IPv4-mapped IPv6 address is that IPv4 address", async ({
  sharedSites: { a, b },
}) => {
  const address = randomIPv4();
  for (let n = 0; n < SHARED_CREATE_LIMIT; n++) {
    const client = n % 2 ? address : `::ffff:${address}`;
    created(await api(n % 2 ? a : b, client).create(quoteNamed("ipv4")));
  }
  expect((await api(a, address).create(quoteNamed("ipv4"))).status).toBe(429);
  expect((await api(b, `::ffff:${address}`).create(quoteNamed("ipv4"))).status).toBe(429);
  const [w, x, y, z] = address.split(".").map(Number);
  const neighbour = `${w}.${x}.${y}.${((z ?? 0) + 1) % 256}`;
  created(await api(a, neighbour).create(quoteNamed("ipv4, the next address")));
});
