"use client";

import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";

type MenuToggleProps = {
  /** Button content; its text is the button's accessible name. */
  label: ReactNode;
  panelId: string;
  /** Server-rendered panel content: links, lists, buttons. */
  children: ReactNode;
  className?: string;
  buttonClassName?: string;
  panelClassName?: string;
  /** Close when keyboard focus leaves (dropdowns); the full-screen mobile menu stays open. */
  closeOnFocusOut?: boolean;
};

/**
 * The one client leaf of the shell: a disclosure button and its panel (mobile menu, Locations dropdown).
 * Escape closes and returns focus to the button; choosing a link or clicking outside closes it.
 */
export function MenuToggle({
  label,
  panelId,
  children,
  className = "",
  buttonClassName = "",
  panelClassName = "",
  closeOnFocusOut = false,
}: MenuToggleProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);

  const onPanelClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest("a")) setOpen(false);
  };

  return (
    <div
      ref={rootRef}
      className={className}
      onBlur={(event) => {
        // Only when focus moves to another element: Safari does not focus links on click.
        const next = event.relatedTarget;
        if (closeOnFocusOut && next && !rootRef.current?.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={buttonClassName}
      >
        {label}
      </button>
      <div id={panelId} hidden={!open} onClick={onPanelClick} className={panelClassName}>
        {children}
      </div>
    </div>
  );
}
