/**
 * A page whose scripts are wanted only when the visitor heads for one part of it (docs/performance.md,
 * "Scripts when wanted"): that part carries this attribute, and the post-build loader
 * (scripts/build/after-paint.ts) starts the page's scripts when it comes within a screen of the
 * viewport, on the first pointer, key or focus event inside it, or at once when the page is opened
 * at its fragment. A page without such a part starts them right after its first frame.
 */
export const SCRIPTS_WANTED_ATTRIBUTE = "data-scripts-wanted";

/** How near the viewport the part must come: one screen's height above or below it. */
export const WANTED_NEAR_VIEWPORT = "100% 0px";
