/**
 * Two bot traps the calculator's contact step carries beside the quote (the server keeps them
 * out of the lead): a honeypot field people never see, and how long since a person first touched
 * the calculator (docs/leads.md, "Bot traps and limits"). A tripped trap still gets an answer
 * identical to a real lead's; the lead is kept flagged as spam and the owner is told.
 */

/** The honeypot's key in the request body: what a bot typed into the hidden field. */
export const HONEYPOT_KEY = "referralCode";

/**
 * Milliseconds from the first pointer, key or input event inside the calculator in this tab
 * (components/quote/first-touch.ts) to the submit: never restarted by a return to step 4 or a
 * reload, so only a submit no person could make that fast is caught.
 */
export const FORM_TIME_KEY = "formMs";

/**
 * Sooner than this after first touching the calculator (three steps of choices, then the contact
 * form, at least eight taps even with autofill), no person sent the quote. The server's
 * LEADS_MIN_FORM_MS setting overrides it (the browser tests lower it).
 */
export const DEFAULT_MIN_FORM_MS = 3_000;
