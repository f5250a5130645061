import type { ReactNode } from "react";

type MenuToggleProps = {
  /** Button content; its text is the button's accessible name. */
  label: ReactNode;
  panelId: string;
  /** Panel content: links, lists, buttons. */
  children: ReactNode;
  className?: string;
  buttonClassName?: string;
  /** Where the panel sits: it opens in the top layer, so it is placed against the viewport. */
  panelClassName?: string;
};

/**
 * A disclosure button and its panel (mobile menu, Locations dropdown) with no JavaScript: the panel
 * is a popover, so the browser opens and closes it, exposes the button as expanded or collapsed,
 * closes it on Escape (focus back on the button) and on a click or tap outside. A link to another
 * page closes it by leaving the page; keyboard focus moving on past it closes it by the header's
 * one inline line (MENUS_CLOSE_ON_FOCUS_LEAVE_SCRIPT). Inside, `group-has-[:popover-open]` styles the open state.
 */
export function MenuToggle({
  label,
  panelId,
  children,
  className = "",
  buttonClassName = "",
  panelClassName = "",
}: MenuToggleProps) {
  return (
    <div className={`group ${className}`}>
      <button
        type="button"
        popoverTarget={panelId}
        aria-controls={panelId}
        className={buttonClassName}
      >
        {label}
      </button>
      <div
        id={panelId}
        popover="auto"
        className={`m-0 border-0 p-0 text-slate-800 ${panelClassName}`}
      >
        {children}
      </div>
    </div>
  );
}
