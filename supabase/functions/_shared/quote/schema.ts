import * as z from "zod/mini";
import { ADD_ONS, FREQUENCIES, type AddOnId } from "../content/pricing.ts";
import {
  CAMPAIGN_PARAMETERS,
  PANE_RANGE_IDS,
  PARTS_OF_DAY,
  POST_CONSTRUCTION_ANSWERS,
  STORIES,
  type ContactField,
} from "./choices.ts";
import { visibleText } from "./visible-text.ts";

/** The shared quote schemas: the calculator validates with them on submit, the route handlers parse with them. */

/** The largest total a request may claim; far above any real quote, it only bounds garbage. */
const MAX_CLAIMED_TOTAL = 100_000;

/** What the visitor typed, without invisible format characters (./visible-text.ts) and trimmed, before any rule. */
const typed = (error: string) => z.string({ error }).check(z.overwrite(visibleText), z.trim());

/** Typed text with length rules and messages (docs/calculator.md, "Validation messages"). */
function text(min: number, max: number, minMessage: string, maxMessage: string) {
  return typed(minMessage).check(z.minLength(min, minMessage), z.maxLength(max, maxMessage));
}

/**
 * A US phone number: ten digits, after an optional +1, in the usual groupings, and an optional
 * extension of up to four digits ("x12", "ext. 12", "#12").
 */
const PHONE =
  /^(?:\+?1[\s.-]*)?(?:\((\d{3})\)|(\d{3}))[\s.-]*(\d{3})[\s.-]*(\d{4})(?:\s*(?:x|ext\.?|extension|#)\s*(\d{1,4}))?$/i;

/** The number as the owner reads it: "(727) 555-0123", "(727) 555-0123 x12"; at most 20 characters, as stored. */
function phoneForOwner(phone: string): string {
  const [, bracketed, plain, exchange, line, extension] = PHONE.exec(phone.trim()) ?? [];
  const area = bracketed ?? plain;
  if (!area || !exchange || !line) return phone.trim();
  return `(${area}) ${exchange}-${line}${extension ? ` x${extension}` : ""}`;
}

/**
 * docs/calculator.md, "Validation messages", in the form's order (CONTACT_FIELDS): the first
 * failing field's message is the one shown, and the field the calculator focuses. Each "less than
 * N characters" is a rule of at most N - 1.
 */
const contactShape = {
  name: text(1, 99, "Name is required", "Name must be less than 100 characters"),
  phone: z.pipe(
    typed("Phone is required").check(
      z.minLength(1, "Phone is required"),
      z.regex(PHONE, "Phone must be 10 digits, like (727) 555-0123"),
    ),
    z.transform(phoneForOwner),
  ),
  email: typed("Invalid email address").check(
    z.email({ error: "Invalid email address" }),
    z.maxLength(254, "Email must be less than 255 characters"),
  ),
  address: text(1, 254, "Address is required", "Address must be less than 255 characters"),
  // The optional free text ("Additional Details").
  message: z.optional(
    text(0, 999, "Message must be text", "Message must be less than 1000 characters"),
  ),
} satisfies Record<ContactField, unknown>;

const paneCount = z.enum(PANE_RANGE_IDS, { error: "Choose a pane count range" });
const frequency = z.enum(FREQUENCIES, { error: "Choose a service plan" });
const ADD_ON_IDS = ADD_ONS.map((addOn) => addOn.id);
const addOnFlag = (id: AddOnId) => z.boolean({ error: `addOns.${id} must be true or false` });
const addOns = z.strictObject(
  Object.fromEntries(ADD_ON_IDS.map((id) => [id, addOnFlag(id)])) as Record<
    AddOnId,
    ReturnType<typeof addOnFlag>
  >,
  {
    error: unknownKeysMessage(
      `Add-ons must be an object of ${ADD_ON_IDS.slice(0, -1).join(", ")} and ${ADD_ON_IDS.at(-1)}`,
    ),
  },
);
const isPostConstruction = z.enum(POST_CONSTRUCTION_ANSWERS, {
  error: "Choose yes or no for post-construction",
});
const stories = z.enum(STORIES, { error: "Choose the number of stories" });
const partOfDay = z.enum(PARTS_OF_DAY, { error: "Choose morning, afternoon or any time" });
/** The calculator's answers, as a stored lead has them too (store-contract.ts). */
export const answers = { paneCount, frequency, addOns, isPostConstruction, stories, partOfDay };

/** The total the browser showed: kept beside the server's own, only for comparison. */
const claimedTotal = z
  .int({ error: "totalPrice must be a whole number of dollars" })
  .check(
    z.minimum(0, "totalPrice must not be negative"),
    z.maximum(MAX_CLAIMED_TOTAL, "totalPrice is too large"),
  );

function unknownKeysMessage(otherwise: string) {
  return (issue: { code?: string; keys?: readonly string[] }) =>
    issue.code === "unrecognized_keys" && issue.keys
      ? `Unknown field: ${issue.keys.join(", ")}`
      : otherwise;
}

/**
 * Lead attribution (docs/leads.md, "Attribution"): the campaign parameters of the visit's landing
 * page, under their URL names, its referrer and the landing page itself. Each is optional and
 * bounded; the campaign cookie keeps only the values that pass (`keptAttribution`), so an odd ad URL
 * never costs a lead.
 */
const MAX_CAMPAIGN_VALUE = 200;
const MAX_ATTRIBUTION_URL = 2048;
/** No control or format characters (line breaks, bidirectional overrides): printable text only. */
const PRINTABLE = /^[^\p{Cc}\p{Cf}]*$/u;

/** An optional `schema`, then at most `max` characters of printable text. */
const bounded = (name: string, max: number, schema: z.ZodMiniString<string>) =>
  z.optional(
    schema.check(
      z.maxLength(max, `${name} must be at most ${max} characters`),
      z.regex(PRINTABLE, `${name} must be printable text`),
    ),
  );

const campaignValue = (name: string) =>
  bounded(
    name,
    MAX_CAMPAIGN_VALUE,
    z.string({ error: `${name} must be text` }).check(z.minLength(1, `${name} must not be empty`)),
  );

const attributionShape = {
  ...(Object.fromEntries(CAMPAIGN_PARAMETERS.map((name) => [name, campaignValue(name)])) as Record<
    (typeof CAMPAIGN_PARAMETERS)[number],
    ReturnType<typeof campaignValue>
  >),
  referrer: bounded(
    "referrer",
    MAX_ATTRIBUTION_URL,
    z.httpUrl({ error: "referrer must be an http(s) URL" }),
  ),
  landingPage: bounded(
    "landingPage",
    MAX_ATTRIBUTION_URL,
    z
      .string({ error: "landingPage must be a path on this site" })
      .check(z.regex(/^\/(?![/\\])[^\s\\]*$/, "landingPage must be a path on this site")),
  ),
};
export type AttributionField = keyof typeof attributionShape;
export const ATTRIBUTION_FIELDS = Object.keys(attributionShape) as AttributionField[];

export const attributionSchema = z.strictObject(attributionShape, {
  error: unknownKeysMessage(
    `Attribution must be an object of ${CAMPAIGN_PARAMETERS.join(", ")}, referrer and landingPage`,
  ),
});
export type Attribution = z.infer<typeof attributionSchema>;

/** The values of `raw` that pass their own rule; the others are left out, never cut short. */
export function keptAttribution(raw: object): Attribution {
  const values: Record<string, unknown> = { ...raw };
  const kept: Partial<Record<AttributionField, string>> = {};
  for (const field of ATTRIBUTION_FIELDS) {
    const checked = attributionShape[field].safeParse(values[field]);
    if (checked.success && checked.data !== undefined) kept[field] = checked.data;
  }
  return kept;
}

/**
 * POST /api/quote (docs/leads.md): the lead, created at step 4. The last two answers come later, so
 * they may be empty here; totalPrice is the browser's figure, kept only for comparison.
 */
export const quoteRequestSchema = z.strictObject(
  {
    ...contactShape,
    paneCount,
    frequency,
    addOns,
    isPostConstruction: z.union([z.literal(""), isPostConstruction], {
      error: "Choose yes or no for post-construction",
    }),
    stories: z.union([z.literal(""), stories], { error: "Choose the number of stories" }),
    totalPrice: claimedTotal,
    /** Where the visit came from (above); only a create carries it. */
    attribution: z.optional(attributionSchema),
  },
  { error: unknownKeysMessage("The quote must be a JSON object") },
);
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;

/** The shape of a visit window; whether its date may be asked for now is checked by lib/quote/visit-window.ts. */
const visitWindowSchema = z.strictObject(
  {
    // A calendar date PostgreSQL's date type takes: "2026-02-30" is none.
    earliestDate: z.iso.date({ error: "Choose an earliest date for the visit" }),
    partOfDay,
  },
  { error: unknownKeysMessage("The visit window must be an object of earliestDate and partOfDay") },
);

/**
 * An update's add-ons: only those the visitor changed, so a page showing an older state leaves the
 * others as another page set them (docs/leads.md, "PATCH /api/quote/{id}").
 */
const changedAddOns = z
  .partial(addOns)
  .check(z.refine((changed) => Object.keys(changed).length > 0, "The update changes nothing"));

/**
 * PATCH /api/quote/{id} (docs/leads.md): what changed. The calculator sends what the visitor
 * changed after the contact step (a contact field corrected, a choice after Back, the answers of
 * steps 5-6, the plan); the saved-quote page the one field the visitor changed: the plan, an
 * add-on, or a visit window. Either sends with a price change the total it then shows, kept only
 * for comparison. At least one field; the server reprices whatever it is given.
 */
export const quoteUpdateSchema = z
  .strictObject(
    {
      name: z.optional(contactShape.name),
      phone: z.optional(contactShape.phone),
      email: z.optional(contactShape.email),
      address: z.optional(contactShape.address),
      message: contactShape.message,
      paneCount: z.optional(paneCount),
      isPostConstruction: z.optional(isPostConstruction),
      stories: z.optional(stories),
      frequency: z.optional(frequency),
      addOns: z.optional(changedAddOns),
      visitWindow: z.optional(visitWindowSchema),
      totalPrice: z.optional(claimedTotal),
    },
    { error: unknownKeysMessage("The update must be a JSON object") },
  )
  .check(z.refine((update) => Object.keys(update).length > 0, "The update changes nothing"));
export type QuoteUpdate = z.infer<typeof quoteUpdateSchema>;

/**
 * The message of `field`'s first failing rule for `value`, or null: the calculator checks the field
 * it marked invalid again as the visitor edits it, and clears the message once it passes.
 */
export function contactFieldIssue(field: ContactField, value: string): string | null {
  const result = contactShape[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** Only the first message is shown (docs/calculator.md, "Validation messages"). */
export function firstIssue(error: z.core.$ZodError) {
  const issue = error.issues[0];
  const head = issue?.path[0];
  return {
    message: issue?.message ?? "Invalid request",
    field: typeof head === "string" ? head : undefined,
  };
}
