/**
 * Sections that are usually off screen while a visitor uses the calculator: once the calculator
 * runs, the browser neither styles, lays out nor paints them while they are far from the viewport
 * (`content-visibility: auto`), so a step change costs only the part of the page in view (docs/performance.md,
 * "What keeps a tap short").
 *
 * A section gets it only once it is observed away from the viewport, with the height its content
 * was rendered at as its stand-in size (`contain-intrinsic-block-size: auto <height>`), so the
 * page's length, and where a link to #contact or #locations lands, stay exactly what they were.
 * That size is the content box's: the section's padding and border are added to it, as to any
 * size-contained box (the whole rendered height there made each section 128-160 px taller, and a
 * link to #contact landed a screen past it). Chromium
 * skips a section for one frame when `content-visibility: auto` is first applied, even on screen:
 * applied to every section at once, the one in view vanished and came back, a layout shift of
 * 0.156 on a city page (Lighthouse).
 *
 * Not for an ancestor of `position: fixed` content (the toasts), which the containment would pin to
 * the section, nor for the footer, whose colours axe could then no longer read.
 */
export const SKIP_WHEN_OFFSCREEN = "skip-when-offscreen";

/** Sections nearer than this to the viewport are left alone (one viewport height each way). */
const NEAR_VIEWPORT = "100% 0px";

/** The height of a box's content: its rendered (border-box) height less its padding and border. */
function contentHeight(element: HTMLElement, borderBoxHeight: number): number {
  const box = getComputedStyle(element);
  const edges = [box.paddingTop, box.paddingBottom, box.borderTopWidth, box.borderBottomWidth];
  return Math.max(0, borderBoxHeight - edges.reduce((sum, edge) => sum + parseFloat(edge), 0));
}

/** Lets each section marked SKIP_WHEN_OFFSCREEN skip rendering once it is seen away from view. */
export function skipOffscreenSections(): void {
  if (typeof IntersectionObserver === "undefined") return;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting || !(entry.target instanceof HTMLElement)) continue;
        const { style } = entry.target;
        style.containIntrinsicBlockSize = `auto ${contentHeight(entry.target, entry.boundingClientRect.height)}px`;
        style.contentVisibility = "auto";
        observer.unobserve(entry.target);
      }
    },
    { rootMargin: NEAR_VIEWPORT },
  );
  for (const section of document.querySelectorAll(`.${SKIP_WHEN_OFFSCREEN}`)) {
    observer.observe(section);
  }
}
