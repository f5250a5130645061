/**
 * A page whose scripts are wanted only when the visitor heads for a part of it (docs/performance.md,
 * "Scripts when wanted"). Such a part carries SCRIPTS_WANTED_ATTRIBUTE, and the post-build loader
 * (scripts/build/after-paint.ts) starts the page's scripts on the first pointer, key or focus event
 * inside it; a part marked "near" (the calculator) also as it comes within a screen of the
 * viewport, or at once when the page is opened at its fragment. A page without such a part starts
 * them right after its first frame.
 */
export const SCRIPTS_WANTED_ATTRIBUTE = "data-scripts-wanted";

/** The attribute's value on a part wanted as it comes near, not only once touched. */
export const WANTED_NEAR = "near";

/** Spread onto a part's element: touched, typed or focused in, it starts the page's scripts. */
export const WANTED_WHEN_TOUCHED = { [SCRIPTS_WANTED_ATTRIBUTE]: "touched" } as const;

/** Spread onto a part's element: it starts them also as it comes near, or opened at its fragment. */
export const WANTED_WHEN_NEAR = { [SCRIPTS_WANTED_ATTRIBUTE]: WANTED_NEAR } as const;

/** How near the viewport a "near" part must come: one screen's height above or below it. */
export const WANTED_NEAR_VIEWPORT = "100% 0px";
