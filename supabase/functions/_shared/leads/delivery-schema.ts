import * as z from "zod/mini";
import { quoteRequestSchema, storedContactShape, visitWindowSchema } from "../quote/schema.ts";

/**
 * A delivery to the lead function (supabase/README.md, "The contract"): the lead as it stands, with
 * the rules of the site's own request schema (supabase/functions/_shared/quote/schema.ts), plus its id, whether it is the
 * create or an update, the page it came from, the visit window once asked for, and the lead's version. The function
 * validates with this very schema.
 */
export const LEAD_EVENTS = ["create", "update"] as const;

export const leadDeliverySchema = z.extend(quoteRequestSchema, {
  // The lead as stored: a lead taken under older contact rules is delivered all the same.
  ...storedContactShape,
  event: z.enum(LEAD_EVENTS, { error: 'event must be "create" or "update"' }),
  id: z.uuid({ error: "id must be the lead's UUID" }),
  sourcePage: z.optional(
    z
      .string({ error: "sourcePage must be text" })
      .check(z.maxLength(2048, "sourcePage must be at most 2048 characters")),
  ),
  visitWindow: z.optional(visitWindowSchema),
  // The lead's version at send time: the function never goes back to a lower one.
  version: z.optional(
    z
      .int({ error: "version must be a whole number" })
      .check(z.minimum(1, "version must be a whole number from 1")),
  ),
});

export type LeadDelivery = z.infer<typeof leadDeliverySchema>;
