import assert from "node:assert/strict";
import { parseLead } from "./schema.ts";
import { FREQUENCIES, PANE_RANGES } from "../_shared/content/pricing.ts";
import { SAMPLE_DELIVERY as VALID } from "../_shared/quote/sample-quote.ts";

// The rules are the site's schema (../_shared/leads/delivery-schema.ts, tested by the site's
// Vitest); these tests cover what the function adds: the key, the stored shape, storage limits.

function errorFor(
  patch: Record<string, unknown>,
  key: string | null = "key-1",
): string | undefined {
  const parsed = parseLead({ ...VALID, ...patch }, key);
  return parsed.success ? undefined : parsed.error;
}

Deno.test(
  "a step-4 lead parses, trimmed, with the header's key, answers not yet given as null",
  () => {
    const parsed = parseLead({ ...VALID, name: `  ${VALID.name}  `, message: undefined }, "key-1");
    assert.ok(parsed.success);
    assert.equal(parsed.key, "key-1");
    assert.equal(parsed.lead.event, "create");
    assert.equal(parsed.lead.name, VALID.name);
    assert.equal(parsed.lead.message, "");
    assert.equal(parsed.lead.isPostConstruction, null);
    assert.equal(parsed.lead.stories, null);
    assert.equal(parsed.lead.sourcePage, null);
    assert.equal(parsed.lead.visitWindow, null);
    assert.equal(parsed.lead.siteTotalPrice, VALID.totalPrice);
    assert.ok(!("totalPrice" in parsed.lead), "the site's price is never taken as the lead's");
  },
);

Deno.test("without an Idempotency-Key the lead's id is the key", () => {
  const parsed = parseLead(VALID, null);
  assert.ok(parsed.success);
  assert.equal(parsed.key, VALID.id);
});

Deno.test("the site's rules and messages, word for word", () => {
  assert.equal(errorFor({ name: "   " }), "Name is required");
  assert.equal(errorFor({ email: "not-an-email" }), "Invalid email address");
  assert.equal(errorFor({ paneCount: "101-200" }), "Choose a pane count range");
  assert.equal(errorFor({ frequency: "weekly" }), "Choose a service plan");
  assert.equal(errorFor({ stories: "5" }), "Choose the number of stories");
  assert.equal(errorFor({ totalPrice: 12.5 }), "totalPrice must be a whole number of dollars");
  assert.equal(errorFor({ extra: 1 }), "Unknown field: extra");
  assert.equal(errorFor({ event: "delete" }), 'event must be "create" or "update"');
  assert.equal(errorFor({ id: "lead-1" }), "id must be the lead's UUID");
  for (const { id } of PANE_RANGES) assert.equal(errorFor({ paneCount: id }), undefined);
  for (const frequency of FREQUENCIES) assert.equal(errorFor({ frequency }), undefined);
  assert.deepEqual(parseLead([VALID], "key-1"), {
    success: false,
    error: "The quote must be a JSON object",
  });
});

Deno.test("what PostgreSQL cannot store is bad input, not a failure to retry", () => {
  assert.equal(errorFor({ name: "a\u0000b" }), "Text must not contain NUL characters");
  assert.equal(
    errorFor({ event: "update", visitWindow: { earliestDate: "2026-02-30", partOfDay: "any" } }),
    "Choose an earliest date for the visit",
  );
});

Deno.test("an Idempotency-Key must be printable ASCII of at most 255 characters", () => {
  assert.match(errorFor({}, "k".repeat(256)) ?? "", /Idempotency-Key/);
  assert.match(errorFor({}, "with space") ?? "", /Idempotency-Key/);
  assert.equal(errorFor({}, "5f0c7c1e-8d7a-4a39-9a53-1f3c2b7d9e10"), undefined);
});

Deno.test("a visit window from the saved-quote page is kept as sent", () => {
  const visitWindow = { earliestDate: "2026-12-01", partOfDay: "morning" };
  const asked = parseLead({ ...VALID, event: "update", visitWindow }, null);
  assert.ok(asked.success);
  assert.deepEqual(asked.lead.visitWindow, visitWindow);
  assert.equal(asked.lead.event, "update");
});
