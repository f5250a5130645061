import { DEFAULT_MAIL_TIMING } from "@shared/leads/mail-queue";

/** When the owner's e-mails leave by default (docs/leads.md, "Notifications"): mail-queue.ts's. */
export const { windowMs: DEFAULT_MAIL_WINDOW_MS, settleMs: DEFAULT_MAIL_SETTLE_MS } =
  DEFAULT_MAIL_TIMING;
