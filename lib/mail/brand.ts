/**
 * The site's theme colours (app/globals.css, `@theme`) for e-mail, where CSS variables do not
 * work: brand.test.ts checks each against the stylesheet, so the theme stays their one owner.
 */
export const MAIL_COLORS = {
  "brand-50": "#eef8fc",
  "brand-100": "#d5eef8",
  "brand-700": "#0c5d84",
  "brand-900": "#0c3a52",
  "sun-400": "#f9c04a",
} as const;

/** Body text, muted text and rules: the hex of Tailwind's slate-800, slate-600 and slate-200, the site's copy colours. */
export const MAIL_TEXT = { body: "#1e293b", muted: "#475569", rule: "#e2e8f0" } as const;
