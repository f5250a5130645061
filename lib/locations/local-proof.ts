import { existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { LOCAL_PROOF } from "@/content/local-proof";
import { getLocation, LOCATIONS } from "@/content/locations";
import { REVIEWS } from "@/content/reviews";
import { businessToday } from "@/lib/quote/visit-window";

/** The owner's jobs and reviews by town (content/local-proof.ts), checked as the site is built. */

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** A first name and an initial, as review platforms show a customer: "Maria G.". */
const FIRST_NAME_INITIAL = /^\p{Lu}[\p{L}'’-]+ \p{Lu}\.$/u;
const SAMPLE_TEXTS: ReadonlySet<string> = new Set(REVIEWS.map((review) => review.text));
const PUBLIC_DIR = path.join(process.cwd(), "public");

/** "2026-12", the month it is now where the business works. */
const monthNow = (now: Date) => businessToday(now).slice(0, 7);

const text = (what: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `${what} is empty` });

function localProofSchema(now: Date, publicDir: string) {
  const latest = monthNow(now);
  return z.array(
    z.strictObject({
      town: z.string().refine((slug) => getLocation(slug) !== undefined, {
        error: (issue) =>
          `town "${String(issue.input)}" is not a slug of content/locations.ts (${LOCATIONS.map((l) => l.slug).join(", ")})`,
      }),
      neighbourhood: text("neighbourhood").optional(),
      month: z
        .string()
        .regex(MONTH, { error: (issue) => `month "${String(issue.input)}" is not YYYY-MM` })
        .refine((month) => month <= latest, {
          error: (issue) => `month ${String(issue.input)} is in the future (now ${latest})`,
        }),
      work: text("work (what was done)"),
      review: z
        .strictObject({
          quote: text("the review's quote").refine((quote) => !SAMPLE_TEXTS.has(quote), {
            error: "the quote is a sample review of content/reviews.ts, not this customer's words",
          }),
          name: z.string().regex(FIRST_NAME_INITIAL, {
            error: (issue) =>
              `reviewer "${String(issue.input)}" is not a first name and an initial, like "Maria G."`,
          }),
        })
        .optional(),
      photo: z
        .strictObject({
          src: z
            .string()
            .regex(/^\/(?!.*\.\.)[\w./-]+\.(jpe?g|png|webp|avif)$/i, {
              error: (issue) =>
                `photo "${String(issue.input)}" is not a path under public/ like "/proof/tampa-2026-03.jpg"`,
            })
            .refine((src) => existsSync(path.join(publicDir, src)), {
              error: (issue) => `photo public${String(issue.input)} does not exist`,
            }),
          alt: text("the photo's alt text"),
          width: z.int().positive(),
          height: z.int().positive(),
        })
        .optional(),
    }),
  );
}

export type LocalProof = z.infer<ReturnType<typeof localProofSchema>>[number];

/** The entries, newest first, or an error naming each one at fault and why. */
export function parseLocalProof(
  entries: unknown,
  { now = new Date(), publicDir = PUBLIC_DIR } = {},
): LocalProof[] {
  const result = localProofSchema(now, publicDir).safeParse(entries);
  if (!result.success) {
    throw new Error(
      `content/local-proof.ts has entries the site cannot show:\n${z.prettifyError(result.error)}`,
    );
  }
  return result.data.toSorted((a, b) => b.month.localeCompare(a.month));
}

const PROOF = parseLocalProof(LOCAL_PROOF);

/** A town's proof, newest first: empty for a town the owner has added none for. */
export const localProofOf = (slug: string): LocalProof[] =>
  PROOF.filter((entry) => entry.town === slug);

/** "March 2026". */
export const monthText = (month: string) =>
  new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
