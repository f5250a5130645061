/** The calculator's two bot traps, kept out of the lead (docs/leads.md, "Bot traps and limits"). */

/** The honeypot's key in the request body: what a bot typed into a field people never see. */
export const HONEYPOT_KEY = "referralCode";

/**
 * Milliseconds from the first touch of the calculator in this tab (components/quote/first-touch.ts)
 * to the submit, never restarted by a reload.
 */
export const FORM_TIME_KEY = "formMs";

/** No person sends the quote sooner after first touching the calculator (eight taps at least). */
export const DEFAULT_MIN_FORM_MS = 3_000;
