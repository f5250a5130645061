import type { IconNode } from "lucide";
import { createElement, type SVGProps } from "react";

/**
 * A Lucide icon drawn by the server: `<Icon icon={Phone} className="size-5" />` with `Phone` from
 * the `lucide` package, whose exports are each icon's shapes as data. Unless given a name
 * (`aria-label`, `role`, `title`) it is decorative, `aria-hidden`, as Lucide's own icons are.
 * Lucide's React package draws through a client component ("use client"), so a page showing one
 * would load React's client runtime; this renders plain SVG, and a page without an interactive
 * island ships no JavaScript (docs/pages.md, "Pages without JavaScript"). `Icon.test.tsx` holds
 * the markup to Lucide's own.
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, "ref" | "children"> & {
  readonly icon: IconNode;
};

/** An attribute that names the icon for assistive technology; without one the icon is hidden. */
const isA11yProp = (name: string, value: unknown) =>
  (name.startsWith("aria-") || name === "role" || name === "title") && value != null;

export function Icon({ icon, className, ...props }: IconProps) {
  const named = Object.entries(props).some(([name, value]) => isA11yProp(name, value));
  // Lucide's own attributes (its createElement's defaults), then the caller's.
  return createElement(
    "svg",
    {
      xmlns: "http://www.w3.org/2000/svg",
      width: 24,
      height: 24,
      viewBox: "0 0 24 24",
      fill: "none",
      stroke: "currentColor",
      strokeWidth: 2,
      strokeLinecap: "round",
      strokeLinejoin: "round",
      className,
      ...(named ? {} : { "aria-hidden": "true" }),
      ...props,
    },
    icon.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes })),
  );
}
