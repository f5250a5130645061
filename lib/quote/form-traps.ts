/**
 * Two bot traps the calculator's contact step carries beside the quote, which the server keeps out
 * of the lead (docs/leads.md, "Bot traps and limits"). A tripped trap still gets an answer
 * identical to a real lead's; the lead is kept flagged as spam and the owner is told.
 */

/** The honeypot's key in the request body: what a bot typed into a field people never see. */
export const HONEYPOT_KEY = "referralCode";

/**
 * Milliseconds from the first pointer, key or input event inside the calculator in this tab
 * (components/quote/first-touch.ts) to the submit: never restarted by a return to step 4 or a
 * reload, so only a submit no person could make that fast is caught.
 */
export const FORM_TIME_KEY = "formMs";

/** No person sends the quote sooner after first touching the calculator (eight taps at least). */
export const DEFAULT_MIN_FORM_MS = 3_000;
