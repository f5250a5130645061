import { randomUUID } from "node:crypto";
import { SITE } from "@/content/site";
import { FORM_TIME_KEY, HONEYPOT_KEY } from "@/lib/quote/form-traps";
import { acceptedVisitDates } from "@/lib/quote/closed-days";
import { addDays, businessToday } from "@/lib/quote/visit-window";
import { validQuote } from "../support/quote";

/**
 * Generated malformed requests for the lead endpoints: bad JSON, wrong types, huge strings,
 * Unicode edge cases, prototype keys, arrays for objects, missing fields, bad enums, bad prices,
 * and wrong headers; updates of the plan, add-ons and visit window no lead may take; and reads
 * of a saved quote without its token. Every one must be refused; none of them may be a valid quote.
 */

export type Malformed = {
  label: string;
  method: "POST" | "PATCH" | "GET";
  /** For PATCH and GET: which lead id to address (by default the test's real lead). */
  target?: string;
  body: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string | null>;
  /** Sent chunked, with no Content-Length: the size is only known while reading. */
  stream?: boolean;
  /** A PATCH or GET carries the real lead's token unless this replaces it (null: no Authorization). */
  token?: string | null;
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const WRONG_TYPES: Json[] = [null, true, false, 0, 1, -1, 1.5, [], {}, ["x"], { a: 1 }];
const BLANK_STRINGS: Json[] = ["", " ", "\t\n", "\u3000", "\ufeff", "\u00a0\u2003"];
const LONG = (n: number, unit = "a") => unit.repeat(n);

/** For every field of the create request, values that make it invalid. */
/** Two of the three add-ons: a create must name all three; an update names those it changes. */
const SOME_ADD_ONS = { interior: true, screens: false };

const BAD_VALUES: Record<string, Json[]> = {
  // Lengths count characters (code points), as PostgreSQL does: 101 emoji are one too many.
  name: [...WRONG_TYPES, ...BLANK_STRINGS, LONG(101), LONG(101, "😀"), LONG(5_000)],
  email: [
    ...WRONG_TYPES,
    ...BLANK_STRINGS,
    "plainaddress",
    "@example.com",
    "jane@",
    "jane@@example.com",
    "jane@exämple.com",
    "jäne@example.com",
    "jane@example",
    "jane..doe@example.com",
    "<script>@example.com",
    `${LONG(250)}@example.com`,
    // An address with invisible format characters around it is not malformed: they are removed
    // before the rules (schema.test.ts, "removes invisible format characters").
  ],
  phone: [...WRONG_TYPES, ...BLANK_STRINGS, LONG(21, "1"), LONG(21, "😀")],
  address: [...WRONG_TYPES, ...BLANK_STRINGS, LONG(256), LONG(256, "🏠")],
  message: [null, true, 0, 1.5, [], {}, ["x"], LONG(1_001), LONG(1_001, "😀")],
  paneCount: [
    ...WRONG_TYPES,
    "",
    "1-2",
    "26 - 40",
    "26-40 ",
    "２６-４０",
    "26\u201340",
    "0-25\u200b",
    "100+",
    "81-100\u202e",
    "0-25; DROP TABLE leads",
  ],
  frequency: [
    ...WRONG_TYPES,
    "",
    "Monthly",
    "MONTHLY",
    "weekly",
    "initiаl", // a Cyrillic "а"
    "monthly ",
    "annual",
    "quarterly\u200d",
    "__proto__",
    "constructor",
  ],
  addOns: [
    null,
    true,
    0,
    "interior",
    [],
    [true, false, true],
    {},
    SOME_ADD_ONS,
    { interior: "yes", screens: false, tracks: true },
    { interior: 1, screens: 0, tracks: 0 },
    { interior: true, screens: false, tracks: true, windows: true },
    { interior: null, screens: false, tracks: true },
    { interior: [true], screens: false, tracks: true },
  ],
  isPostConstruction: [...WRONG_TYPES, "maybe", "Yes", "NO", "y", "true", " yes"],
  stories: [...WRONG_TYPES, "0", "5", "4", "4 +", "one", "1.0", " 1", "３"],
  totalPrice: [
    -1,
    -0.5,
    1.5,
    345.01,
    100_001,
    1_000_000,
    Number.MAX_SAFE_INTEGER,
    1e300,
    "345",
    "",
    null,
    true,
    [345],
    { amount: 345 },
  ],
};

const REQUIRED = Object.keys(BAD_VALUES).filter((field) => field !== "message");

const base = (): Record<string, Json> => ({ ...validQuote(), [FORM_TIME_KEY]: 9_000 });

/** A small seeded generator, so a failure names a case that comes back on the next run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const json = (value: unknown) => JSON.stringify(value);

function post(
  label: string,
  body: string | Uint8Array<ArrayBuffer>,
  headers?: Malformed["headers"],
  stream = false,
): Malformed {
  return { label, method: "POST", body, headers, stream };
}

/** Visit windows the saved-quote page never offers: malformed, out of reach, or on a closed day. */
function badVisitWindows(): Json[] {
  const now = new Date();
  const today = businessToday(now);
  const open = acceptedVisitDates(now);
  const first = open[0] ?? addDays(today, 1);
  const closed = Array.from({ length: 7 }, (_, day) => addDays(today, day + 1)).find(
    (date) => !open.includes(date),
  );
  const at = (earliestDate: Json, partOfDay: Json = "any") => ({ earliestDate, partOfDay });
  return [
    ...WRONG_TYPES,
    "tomorrow",
    at(today),
    at(addDays(today, -1)),
    at("1999-12-31"),
    at(addDays(today, SITE.visitWindowDaysAhead + 1)),
    at("9999-12-31"),
    ...(closed ? [at(closed)] : []),
    at("2026-02-30"),
    at("2026-13-01"),
    at("2026-1-5"),
    at(`${first}T09:00`),
    at(` ${first}`),
    at(Number(first.replaceAll("-", ""))),
    at(null),
    at(first, "night"),
    at(first, "Morning"),
    at(first, ""),
    at(first, null),
    at(first, ["morning"]),
    { earliestDate: first },
    { partOfDay: "any" },
    { ...at(first), time: "09:00" },
  ];
}

export function malformedRequests(): Malformed[] {
  const cases: Malformed[] = [];
  const valid = json(base());

  // Bad JSON, and JSON that is not an object.
  for (const text of [
    "",
    "{",
    "}",
    "{}",
    "[]",
    "null",
    "true",
    "0",
    '"quote"',
    "NaN",
    "undefined",
    "{'name':'Jane'}",
    '{"name":}',
    '{"name":"Jane",}',
    '{"name":"Jane"',
    '{"name":"Jane\\x41"}',
    '{"name":"Jane\\u12"}',
    "/* comment */{}",
    `${valid}x`,
    `${valid}${valid}`,
    `${valid}\ufeff`,
    valid.replace(/:/, "="),
    valid.replace(/"/g, "'"),
    valid.replace('"totalPrice":345', '"totalPrice":1e999'),
    valid.replace('"totalPrice":345', '"totalPrice":-1e999'),
    valid.replace('"totalPrice":345', '"totalPrice":0x159'),
    valid.replace('"totalPrice":345', '"totalPrice":+345'),
    valid.replace('"totalPrice":345', '"totalPrice":345.'),
    `${"[".repeat(5_000)}${"]".repeat(5_000)}`,
    `${'{"a":'.repeat(2_000)}1${"}".repeat(2_000)}`,
    valid.replace('"Jane Doe"', '"Jane\\u0000Doe"'),
    valid.replace('"Jane Doe"', '"Jane\\ud800Doe"'),
    valid.replace('"Jane Doe"', '"\\udfff"'),
    valid.replace('"name"', '"na\\u0000me"'),
  ]) {
    cases.push(post(`bad JSON ${json(text.slice(0, 40))}`, text));
  }
  // Bytes that are not UTF-8.
  for (const bytes of [
    [0xff, 0xfe, 0x7b, 0x7d],
    [0x7b, 0x22, 0x6e, 0xc0, 0xaf, 0x22, 0x7d],
    [0xed, 0xa0, 0x80],
    [0xf8, 0x88, 0x80, 0x80, 0x80],
  ]) {
    cases.push(post(`non-UTF-8 bytes ${bytes.join(",")}`, Uint8Array.from(bytes)));
  }

  // Every field with every value that makes it invalid.
  for (const [field, values] of Object.entries(BAD_VALUES)) {
    for (const value of values) {
      cases.push(
        post(`${field} = ${json(value).slice(0, 40)}`, json({ ...base(), [field]: value })),
      );
    }
  }
  // Missing fields, alone and together.
  for (const field of REQUIRED) {
    const rest = base();
    delete rest[field];
    cases.push(post(`missing ${field}`, json(rest)));
  }
  cases.push(post("only a name", json({ name: "Jane Doe" })));
  // Prototype keys, at the top and nested.
  for (const key of [
    "__proto__",
    "constructor",
    "prototype",
    "toString",
    "hasOwnProperty",
    "valueOf",
  ]) {
    const payload = { a: 1, polluted: true };
    cases.push(post(`top-level ${key}`, valid.replace(/^\{/, `{${json(key)}:${json(payload)},`)));
    cases.push(
      post(
        `addOns.${key}`,
        valid.replace('"addOns":{', `"addOns":{${json(key)}:${json(payload)},`),
      ),
    );
    cases.push(post(`only ${key}`, `{${json(key)}:${json(payload)}}`));
  }
  // Arrays where objects belong.
  cases.push(post("the quote in an array", json([base()])));
  cases.push(post("an array of quotes", json([base(), base()])));
  // Unknown fields, including ones that look like ours.
  for (const key of ["coupon", "id", "token", "price", "Name", "nаme", "total_price", "isAdmin"]) {
    cases.push(post(`unknown field ${key}`, json({ ...base(), [key]: "x" })));
  }
  // Bot-trap fields of the wrong type (a real value would be a valid, flagged quote).
  for (const value of [[], {}, true, 12, null]) {
    cases.push(
      post(`${HONEYPOT_KEY} = ${json(value)}`, json({ ...base(), [HONEYPOT_KEY]: value })),
    );
  }
  for (const value of [-1, "3000", null, [], {}, true]) {
    cases.push(
      post(`${FORM_TIME_KEY} = ${json(value)}`, json({ ...base(), [FORM_TIME_KEY]: value })),
    );
  }
  // Bodies over 16 KB, with a Content-Length and streamed without one.
  for (const size of [16 * 1024 + 1, 64 * 1024, 1024 * 1024]) {
    const big = json({ ...base(), message: LONG(size) });
    cases.push(post(`${size}-byte body`, big));
    cases.push(post(`${size}-byte body, chunked`, big, {}, true));
  }

  // Wrong headers around a valid body.
  for (const type of [
    null,
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/json5",
    "application/jsonp",
    "text/json",
    "application/xml",
  ]) {
    cases.push(post(`Content-Type ${type}`, valid, { "content-type": type }));
  }
  for (const [label, headers] of [
    ["cross-site", { "sec-fetch-site": "cross-site", origin: "https://evil.example" }],
    ["same-site", { "sec-fetch-site": "same-site", origin: "https://evil.127.0.0.1" }],
    ["no Sec-Fetch-Site, no Origin", { "sec-fetch-site": null, origin: null }],
    [
      "no Sec-Fetch-Site, foreign Origin",
      { "sec-fetch-site": null, origin: "https://evil.example" },
    ],
    ["no Sec-Fetch-Site, Origin null", { "sec-fetch-site": null, origin: "null" }],
  ] as const) {
    cases.push(post(`origin: ${label}`, valid, headers));
  }
  for (const key of [
    "",
    "abc",
    "123",
    "6f1c1f7e-8d0a-1b8e-9a57-2f4f0f6f7a11",
    "6f1c1f7e8d0a4b8e9a572f4f0f6f7a11",
    `${randomUUID()}-extra`,
    LONG(300, "k"),
    "' OR 1=1 --",
  ]) {
    cases.push(
      post(`Idempotency-Key ${json(key.slice(0, 30))}`, valid, { "idempotency-key": key }),
    );
  }

  // PATCH: bad bodies, bad tokens, bad ids.
  const update: Record<string, Json> = {
    isPostConstruction: "no",
    stories: "2",
    frequency: "monthly",
  };
  for (const field of Object.keys(update)) {
    for (const value of BAD_VALUES[field] ?? []) {
      cases.push({
        label: `PATCH ${field} = ${json(value).slice(0, 40)}`,
        method: "PATCH",
        body: json({ ...update, [field]: value }),
      });
    }
    // Each field alone is a valid update; alone and bad, it must still be refused.
    for (const value of (BAD_VALUES[field] ?? []).slice(0, 4)) {
      cases.push({
        label: `PATCH only ${field} = ${json(value).slice(0, 40)}`,
        method: "PATCH",
        body: json({ [field]: value }),
      });
    }
  }
  cases.push({ label: "PATCH with nothing to change", method: "PATCH", body: "{}" });

  // PATCH from the saved-quote page: add-ons beside a plan, and visit windows no one may ask for.
  // Some of the add-ons is an update's right (only those the visitor changed), never a create's.
  for (const value of (BAD_VALUES.addOns ?? []).filter((value) => value !== SOME_ADD_ONS)) {
    cases.push({
      label: `PATCH addOns = ${json(value).slice(0, 40)}`,
      method: "PATCH",
      body: json({ frequency: "biannual", addOns: value }),
    });
  }
  for (const visitWindow of badVisitWindows()) {
    cases.push({
      label: `PATCH visitWindow = ${json(visitWindow).slice(0, 60)}`,
      method: "PATCH",
      body: json({ visitWindow }),
    });
  }

  // GET /api/quote/{id}: the saved quote, only to its own token.
  for (const token of [null, "", "short", LONG(40, "w"), "Basic abc", "a b c", LONG(9_000, "t")]) {
    cases.push({ label: `GET token ${json(token)?.slice(0, 20)}`, method: "GET", body: "", token });
  }
  for (const target of [
    "not-a-uuid",
    "00000000-0000-4000-8000-000000000000",
    "..%2F..%2Fetc",
    `${randomUUID()}.x`,
  ]) {
    cases.push({ label: `GET id ${target}`, method: "GET", target, body: "" });
  }
  cases.push({
    label: "GET cross-site",
    method: "GET",
    body: "",
    headers: { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
  });
  cases.push({
    label: "GET from a script without Origin",
    method: "GET",
    body: "",
    headers: { "sec-fetch-site": null, origin: null },
  });
  // An update may carry the price the browser showed for it (compared, never trusted), so only a
  // bad one is refused; fields an update cannot change are.
  for (const value of BAD_VALUES.totalPrice ?? []) {
    cases.push({
      label: `PATCH totalPrice = ${json(value).slice(0, 40)}`,
      method: "PATCH",
      body: json({ ...update, totalPrice: value }),
    });
  }
  for (const extra of ["name", "__proto__", "id"]) {
    cases.push({
      label: `PATCH with ${extra}`,
      method: "PATCH",
      body: `{${json(extra)}:1,${json(update).slice(1)}`,
    });
  }
  for (const text of ["", "{", "[]", "null", json([update]), `${json(update)}x`]) {
    cases.push({ label: `PATCH bad JSON ${json(text)}`, method: "PATCH", body: text });
  }
  for (const token of [null, "", "short", LONG(40, "w"), "Basic abc", "a b c", LONG(9_000, "t")]) {
    cases.push({
      label: `PATCH token ${json(token)?.slice(0, 20)}`,
      method: "PATCH",
      body: json(update),
      token,
    });
  }
  for (const target of [
    "not-a-uuid",
    "123",
    "00000000-0000-4000-8000-000000000000",
    "..%2F..%2Fetc",
  ]) {
    cases.push({ label: `PATCH id ${target}`, method: "PATCH", target, body: json(update) });
  }
  cases.push({
    label: "PATCH cross-site",
    method: "PATCH",
    body: json(update),
    headers: { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
  });

  // Random combinations: several broken fields at once, from a fixed seed.
  const random = seeded(20_261_121);
  const fields = Object.keys(BAD_VALUES);
  while (cases.length < 1_200) {
    const quote = base();
    const breaks = 1 + Math.floor(random() * 3);
    const broken: string[] = [];
    for (let i = 0; i < breaks; i++) {
      const field = fields[Math.floor(random() * fields.length)] ?? "name";
      const values = BAD_VALUES[field] ?? [];
      quote[field] = values[Math.floor(random() * values.length)] ?? null;
      broken.push(field);
    }
    // Sometimes drop a required field too (dropping the optional message could mend the quote).
    if (random() < 0.2) delete quote[REQUIRED[Math.floor(random() * REQUIRED.length)] ?? "name"];
    cases.push(post(`random: ${broken.join(", ")} (${cases.length})`, json(quote)));
  }
  return cases;
}
