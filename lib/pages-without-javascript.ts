/**
 * The pages that ship no JavaScript (docs/pages.md, "Pages without JavaScript"), by the app's route
 * patterns: scripts/build/no-javascript.ts removes Next's runtime and RSC payload from them.
 */
import { PLANS } from "@/content/plans";
import { LOCATIONS_LINK, PRIVACY_LINK } from "@/content/navigation";
import { planPagePath } from "@/lib/plans/plan-page";
import { SERVICE_AREA_PATH } from "@/lib/service-area/zip-code";

export const ROUTES_WITHOUT_JAVASCRIPT: readonly string[] = [
  ...PLANS.map(planPagePath),
  "/blog",
  "/blog/[slug]",
  LOCATIONS_LINK.href,
  SERVICE_AREA_PATH,
  PRIVACY_LINK.href,
  "/_not-found",
];

/** The 404 page's one script: it logs the missing path for whoever debugs a broken link. */
export const NOT_FOUND_LOG_SCRIPT =
  'console.warn("404 Error: User attempted to access non-existent route: "+location.pathname)';

/**
 * Every page's one line for its header's menus (components/layout/MenuToggle.tsx): a native popover
 * stays open when keyboard focus moves past it, so this closes it then. ES5: it runs anywhere.
 */
export const MENUS_CLOSE_ON_FOCUS_LEAVE_SCRIPT =
  'document.addEventListener("focusout",function(e){var t=e.target,n=e.relatedTarget,id=t.getAttribute&&t.getAttribute("popovertarget"),p=t.closest&&t.closest("[popover]")||id&&document.getElementById(id);if(p&&n&&p.matches(":popover-open")&&!p.contains(n)&&n.getAttribute("popovertarget")!==p.id)p.hidePopover()})';

/** The inline scripts a page without JavaScript still runs, by route: the menus' line, and the 404's log. */
export function inlineScriptsKept(route: string): readonly string[] {
  return route === "/_not-found"
    ? [MENUS_CLOSE_ON_FOCUS_LEAVE_SCRIPT, NOT_FOUND_LOG_SCRIPT]
    : [MENUS_CLOSE_ON_FOCUS_LEAVE_SCRIPT];
}

/** The route pattern of a page's URL path if that page ships no JavaScript, else undefined. */
export function routeWithoutJavaScript(pathname: string): string | undefined {
  return ROUTES_WITHOUT_JAVASCRIPT.find((route) =>
    new URLPattern({ pathname: route.replace(/\[([^\]/]+)\]/g, ":$1") }).test({ pathname }),
  );
}
