/**
 * When the owner's e-mails leave (docs/leads.md, "Notifications"): at most this long after the
 * contact step, and an update waits this long so that the changes made within it go out as one.
 */
export const DEFAULT_MAIL_WINDOW_MS = 2 * 60_000;
/** Once steps 5-6 are answered, the owner's e-mail waits this long for a plan switch on the result view. */
export const DEFAULT_MAIL_SETTLE_MS = 15_000;
/** At most this many confirmations go to one visitor address per 24 hours. */
export const MAX_CONFIRMATIONS_PER_DAY = 3;
