/**
 * The part of a page whose scripts start only when the visitor heads for it carries this attribute,
 * read by scripts/build/after-paint.ts (docs/performance.md, "Scripts when wanted").
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
