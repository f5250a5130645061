import type { MouseEventHandler, ReactNode } from "react";

const VARIANTS = {
  primary: "bg-sun-400 text-slate-900 hover:bg-sun-300",
  secondary: "bg-brand-700 text-white hover:bg-brand-800",
  outline: "border-2 border-current text-brand-800 hover:bg-brand-50",
  onDark: "border-2 border-white text-white hover:bg-white/10",
} as const;

const SIZES = {
  md: "px-6 py-3 text-base",
  sm: "px-4 py-2 text-sm",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

type ButtonLinkProps = {
  href: string;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
};

/** A link styled as a button, at least 44 px tall (WCAG 2.2 target size). */
export function ButtonLink({
  href,
  children,
  variant = "primary",
  size = "md",
  className = "",
  onClick,
}: ButtonLinkProps) {
  const classes = `inline-flex min-h-11 items-center justify-center gap-2 rounded-full font-semibold transition-colors ${SIZES[size]} ${VARIANTS[variant]} ${className}`;
  return (
    <a href={href} className={classes} onClick={onClick}>
      {children}
    </a>
  );
}
