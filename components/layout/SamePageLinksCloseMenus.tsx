"use client";

import { useEffect } from "react";

/**
 * For the home page, whose sections the header's menus link to: a link to this page only scrolls,
 * so nothing unloads the open menu; this closes the popover the chosen link sits in.
 */
export function SamePageLinksCloseMenus() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Element)) return;
      const link = event.target.closest("a");
      const menu = link?.closest<HTMLElement>("[popover]:popover-open");
      if (!link || !menu) return;
      if (link.pathname === location.pathname && link.search === location.search) {
        menu.hidePopover();
      }
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);
  return null;
}
