/**
 * One ES5 line, for the home page, whose sections the header's menus link to: a link to this page
 * only scrolls, so nothing unloads the open menu; this closes the popover the chosen link sits in.
 * Inline, not a client component: it must work before the page's scripts, which load only when
 * the calculator is wanted (docs/performance.md, "Scripts when wanted"). Allowed by its CSP hash.
 */
export const SAME_PAGE_LINKS_CLOSE_MENUS_SCRIPT =
  'document.addEventListener("click",function(e){var a=e.target.closest&&e.target.closest("a"),m=a&&a.closest("[popover]");if(m&&m.matches(":popover-open")&&a.pathname===location.pathname&&a.search===location.search)m.hidePopover()})';

export function SamePageLinksCloseMenus() {
  return <script dangerouslySetInnerHTML={{ __html: SAME_PAGE_LINKS_CLOSE_MENUS_SCRIPT }} />;
}
