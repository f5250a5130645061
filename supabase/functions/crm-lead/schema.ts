import { z } from "zod";

// The lead's choices (docs/leads.md); the site's content/pricing.ts owns them, the backend test checks they agree.
export const PANE_RANGES = ["0-25", "26-40", "41-60", "61-80", "81-100"] as const;
export const FREQUENCIES = ["initial", "monthly", "quarterly", "biannual"] as const;
export const POST_CONSTRUCTION_ANSWERS = ["yes", "no"] as const;
export const STORIES = ["1", "2", "3", "4+"] as const;
export const LEAD_EVENTS = ["create", "update"] as const;
export const PARTS_OF_DAY = ["morning", "afternoon", "any"] as const;

/** PostgreSQL text cannot hold NUL; refuse it as bad input instead of failing on insert. */
const noNul = (value: string) => !value.includes("\u0000");

function text(max: number, required: string | null, tooLong: string) {
  const trimmed = z.string({ error: required ?? tooLong }).trim();
  const sized = required ? trimmed.min(1, required) : trimmed;
  return sized.max(max, tooLong).refine(noNul, "Text must not contain NUL characters");
}

/** A later answer: "" (the site's "not yet"), null or absent all mean unanswered. */
function answer<const T extends readonly [string, ...string[]]>(values: T, error: string) {
  return z
    .union([z.literal(""), z.enum(values)], { error })
    .nullish()
    .transform((value) => (value ? value : null));
}

/** The messages are the site's (docs/calculator.md, "Validation messages"), word for word. */
export const leadPayloadSchema = z.object(
  {
    event: z.enum(LEAD_EVENTS, { error: 'event must be "create" or "update"' }).optional(),
    // The site's own id for the lead; the row takes it as its id, so both sides share one id.
    id: z.uuid({ error: "id must be the lead's UUID" }).transform((id) => id.toLowerCase()),
    name: text(100, "Name is required", "Name must be less than 100 characters"),
    email: z
      .string({ error: "Invalid email address" })
      .trim()
      .pipe(z.email("Invalid email address").max(255, "Email must be less than 255 characters")),
    phone: text(20, "Phone is required", "Phone must be less than 20 characters"),
    address: text(255, "Address is required", "Address must be less than 255 characters"),
    message: text(1000, null, "Message must be less than 1000 characters")
      .nullish()
      .transform((value) => value ?? ""),
    paneCount: z.enum(PANE_RANGES, { error: "paneCount must be one of the pane ranges" }),
    frequency: z.enum(FREQUENCIES, {
      error: "frequency must be initial, monthly, quarterly or biannual",
    }),
    addOns: z.object(
      {
        interior: z.boolean({ error: "addOns.interior must be a boolean" }),
        screens: z.boolean({ error: "addOns.screens must be a boolean" }),
        tracks: z.boolean({ error: "addOns.tracks must be a boolean" }),
      },
      { error: "addOns must be an object" },
    ),
    isPostConstruction: answer(
      POST_CONSTRUCTION_ANSWERS,
      'isPostConstruction must be "yes", "no" or ""',
    ),
    stories: answer(STORIES, 'stories must be "1", "2", "3", "4+" or ""'),
    totalPrice: z
      .number({ error: "totalPrice must be a number" })
      .min(0, "totalPrice must be at least 0")
      .max(1_000_000, "totalPrice is too large"),
    sourcePage: text(2048, null, "sourcePage must be at most 2048 characters")
      .nullish()
      .transform((value) => value || null),
    // Asked for on the site's saved-quote page; absent or null until then.
    visitWindow: z
      .object(
        {
          earliestDate: z.iso.date({
            error: "visitWindow.earliestDate must be a date, YYYY-MM-DD",
          }),
          partOfDay: z.enum(PARTS_OF_DAY, {
            error: 'visitWindow.partOfDay must be "morning", "afternoon" or "any"',
          }),
        },
        { error: "visitWindow must be an object of earliestDate and partOfDay" },
      )
      .nullish()
      .transform((value) => value ?? null),
  },
  { error: "The body must be a JSON object" },
);

export type LeadPayload = Omit<z.infer<typeof leadPayloadSchema>, "event"> & {
  event: (typeof LEAD_EVENTS)[number];
};

/** Printable ASCII, as HTTP header values are; the site sends a UUID. */
const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, "Idempotency-Key must be 1-255 printable ASCII characters");

export type ParsedLead =
  { success: true; key: string; lead: LeadPayload } | { success: false; error: string };

/**
 * Validates a delivery. The row's key is the Idempotency-Key header, or the lead's id without one.
 * Without an `event`, a delivery that carries a step 5-6 answer is an update, else the create.
 */
export function parseLead(body: unknown, idempotencyKey: string | null): ParsedLead {
  const parsed = leadPayloadSchema.safeParse(body);
  if (!parsed.success) return { success: false, error: firstMessage(parsed.error) };
  const key = idempotencyKeySchema.safeParse(idempotencyKey ?? parsed.data.id);
  if (!key.success) return { success: false, error: firstMessage(key.error) };
  const { event, ...lead } = parsed.data;
  const answered = lead.isPostConstruction !== null || lead.stories !== null;
  return {
    success: true,
    key: key.data,
    lead: { ...lead, event: event ?? (answered ? "update" : "create") },
  };
}

function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Invalid request";
}
