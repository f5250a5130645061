/**
 * Sections that are usually off screen while a visitor uses the calculator: once the calculator
 * runs, the browser neither styles, lays out nor paints them until they come near the viewport
 * (`content-visibility: auto`), so a step change costs only the part of the page in view (README,
 * "Calculator interactions"). The rules are in app/globals.css, under these two names.
 *
 * They skip only after the page has been rendered whole once: each section then keeps the height it
 * really had (`contain-intrinsic-block-size: auto`) instead of a guess, so the page's length, and
 * where a link to #contact or #locations lands, stay exactly what they were.
 *
 * Not for an ancestor of `position: fixed` content (the toasts), which the containment would pin to
 * the section, nor for the footer, whose colours axe could then no longer read.
 */
export const SKIP_WHEN_OFFSCREEN = "skip-when-offscreen";
const SKIPPING_ATTRIBUTE = "data-skip-offscreen";

/** Lets the sections marked SKIP_WHEN_OFFSCREEN skip rendering from now on. */
export function skipOffscreenSections(): void {
  document.documentElement.setAttribute(SKIPPING_ATTRIBUTE, "");
}
