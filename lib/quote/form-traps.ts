/**
 * Two bot traps the calculator's contact step carries beside the quote (the server keeps them
 * out of the lead): a honeypot field people never see, and how long the step was on screen.
 * A tripped trap still gets an answer that looks like success; the lead is kept flagged as spam.
 */

/** The honeypot's key in the request body: what a bot typed into the hidden field. */
export const HONEYPOT_KEY = "referralCode";

/** Milliseconds between the contact step appearing and its submit. */
export const FORM_TIME_KEY = "formMs";

/**
 * Faster than this from the contact step appearing to its submit, no person typed the form. The
 * server's LEADS_MIN_FORM_MS setting overrides it (the browser tests lower it).
 */
export const DEFAULT_MIN_FORM_MS = 3_000;
