import assert from "node:assert/strict";
import { FREQUENCIES, PANE_RANGES, parseLead, STORIES } from "./schema.ts";
import { VALID } from "./test_fixtures.ts";

function errorFor(
  patch: Record<string, unknown>,
  key: string | null = "key-1",
): string | undefined {
  const parsed = parseLead({ ...VALID, ...patch }, key);
  return parsed.success ? undefined : parsed.error;
}

Deno.test("a step-4 lead parses, trimmed, with the header's key, as the create", () => {
  const parsed = parseLead({ ...VALID, name: "  Dana Whitfield  ", message: undefined }, "key-1");
  assert.ok(parsed.success);
  assert.equal(parsed.key, "key-1");
  assert.equal(parsed.lead.event, "create");
  assert.equal(parsed.lead.name, "Dana Whitfield");
  assert.equal(parsed.lead.message, "");
  assert.equal(parsed.lead.isPostConstruction, null);
  assert.equal(parsed.lead.stories, null);
  assert.equal(parsed.lead.sourcePage, null);
});

Deno.test("without an Idempotency-Key the lead's id is the key", () => {
  const parsed = parseLead(VALID, null);
  assert.ok(parsed.success);
  assert.equal(parsed.key, VALID.id);
});

Deno.test("a delivery with the steps 5-6 answers is an update unless it says otherwise", () => {
  const answered = { ...VALID, isPostConstruction: "no", stories: "2" };
  const update = parseLead(answered, null);
  assert.ok(update.success);
  assert.equal(update.lead.event, "update");
  assert.equal(update.lead.isPostConstruction, "no");
  assert.equal(update.lead.stories, "2");
  const explicit = parseLead({ ...answered, event: "create" }, null);
  assert.ok(explicit.success);
  assert.equal(explicit.lead.event, "create");
  const unanswered = parseLead({ ...VALID, isPostConstruction: null, stories: undefined }, null);
  assert.ok(unanswered.success);
  assert.equal(unanswered.lead.event, "create");
});

Deno.test("the site's validation messages, boundaries included", () => {
  assert.equal(errorFor({ name: "x".repeat(100) }), undefined);
  assert.equal(errorFor({ name: "x".repeat(101) }), "Name must be less than 100 characters");
  assert.equal(errorFor({ name: "   " }), "Name is required");
  assert.equal(errorFor({ email: "not-an-email" }), "Invalid email address");
  assert.equal(errorFor({ email: `${"a".repeat(243)}@example.com` }), undefined);
  assert.equal(
    errorFor({ email: `${"a".repeat(244)}@example.com` }),
    "Email must be less than 255 characters",
  );
  assert.equal(errorFor({ phone: "" }), "Phone is required");
  assert.equal(errorFor({ phone: "1".repeat(20) }), undefined);
  assert.equal(errorFor({ phone: "1".repeat(21) }), "Phone must be less than 20 characters");
  assert.equal(errorFor({ address: " " }), "Address is required");
  assert.equal(errorFor({ address: "a".repeat(256) }), "Address must be less than 255 characters");
  assert.equal(errorFor({ message: "m".repeat(1000) }), undefined);
  assert.equal(
    errorFor({ message: "m".repeat(1001) }),
    "Message must be less than 1000 characters",
  );
});

Deno.test("every pane range, plan and stories answer is accepted; others are not", () => {
  for (const paneCount of PANE_RANGES) assert.equal(errorFor({ paneCount }), undefined);
  for (const frequency of FREQUENCIES) assert.equal(errorFor({ frequency }), undefined);
  for (const stories of STORIES)
    assert.equal(errorFor({ event: "update", stories, isPostConstruction: "no" }), undefined);
  assert.match(errorFor({ paneCount: "101-200" }) ?? "", /paneCount/);
  assert.match(errorFor({ frequency: "weekly" }) ?? "", /frequency/);
  assert.match(errorFor({ stories: "5" }) ?? "", /stories/);
  assert.match(errorFor({ isPostConstruction: "maybe" }) ?? "", /isPostConstruction/);
  assert.match(errorFor({ event: "delete" }) ?? "", /event/);
  assert.equal(errorFor({ id: "lead-1" }), "id must be the lead's UUID");
  assert.equal(errorFor({ id: undefined }), "id must be the lead's UUID");
  assert.match(
    errorFor({ addOns: { interior: "yes", screens: false, tracks: false } }) ?? "",
    /addOns\.interior/,
  );
});

Deno.test("prices below 0, non-numbers and non-objects are refused", () => {
  assert.equal(errorFor({ totalPrice: 0 }), undefined);
  assert.equal(errorFor({ totalPrice: -1 }), "totalPrice must be at least 0");
  assert.equal(errorFor({ totalPrice: "345" }), "totalPrice must be a number");
  assert.equal(errorFor({ name: "a\u0000b" }), "Text must not contain NUL characters");
  const parsed = parseLead([VALID], "key-1");
  assert.deepEqual(parsed, { success: false, error: "The body must be a JSON object" });
});

Deno.test("an Idempotency-Key must be printable ASCII of at most 255 characters", () => {
  assert.match(errorFor({}, "k".repeat(256)) ?? "", /Idempotency-Key/);
  assert.match(errorFor({}, "with space") ?? "", /Idempotency-Key/);
  assert.equal(errorFor({}, "5f0c7c1e-8d7a-4a39-9a53-1f3c2b7d9e10"), undefined);
});

Deno.test("a visit window from the saved-quote page is optional, and checked when given", () => {
  const without = parseLead(VALID, null);
  assert.ok(without.success);
  assert.equal(without.lead.visitWindow, null);
  const visitWindow = { earliestDate: "2026-12-01", partOfDay: "morning" };
  const asked = parseLead({ ...VALID, event: "update", visitWindow }, null);
  assert.ok(asked.success);
  assert.deepEqual(asked.lead.visitWindow, visitWindow);
  assert.equal(asked.lead.event, "update");
  assert.equal(
    errorFor({ visitWindow: { ...visitWindow, earliestDate: "2026-02-30" } }),
    "visitWindow.earliestDate must be a date, YYYY-MM-DD",
  );
  assert.equal(
    errorFor({ visitWindow: { ...visitWindow, partOfDay: "night" } }),
    'visitWindow.partOfDay must be "morning", "afternoon" or "any"',
  );
  assert.equal(
    errorFor({ visitWindow: [] }),
    "visitWindow must be an object of earliestDate and partOfDay",
  );
});
