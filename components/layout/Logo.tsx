import { SITE } from "@/content/site";

// "Window Cleaning": the part of the full brand name that the short name leaves out.
const BRAND_DESCRIPTOR = SITE.brand.replace(SITE.shortName, "").trim();

/** The brand mark: a sunlit four-pane window with a sparkle. app/icon.svg is the same drawing. */
export function LogoMark({
  className = "size-9",
  size,
  rounded = true,
}: {
  className?: string;
  /** Pixel size, for renderers without CSS (the generated apple-icon). */
  size?: number;
  rounded?: boolean;
}) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" className={className} width={size} height={size}>
      <rect width="40" height="40" rx={rounded ? 10 : 0} fill="#0c5d84" />
      <circle cx="29" cy="11" r="6" fill="#f9c04a" />
      <rect
        x="8"
        y="12"
        width="20"
        height="20"
        rx="2"
        fill="#d5eef8"
        stroke="#fff"
        strokeWidth="2.5"
      />
      <path d="M18 12v20M8 22h20" stroke="#fff" strokeWidth="2" />
      <path
        d="M11 19l4-4M21 29l4-4"
        stroke="#fff"
        strokeWidth="1.5"
        strokeLinecap="round"
        opacity=".9"
      />
      <path d="M33 25l1 2.5 2.5 1-2.5 1-1 2.5-1-2.5-2.5-1 2.5-1z" fill="#fcd77f" />
    </svg>
  );
}

/** Logo linking home; the brand name is the link's text, the mark is decoration. */
export function Logo({ tone = "light" }: { tone?: "light" | "dark" }) {
  return (
    <a
      href="/"
      className={`inline-flex min-h-11 items-center gap-2.5 rounded-lg font-bold tracking-tight ${tone === "dark" ? "text-white" : "text-brand-900"}`}
    >
      <LogoMark />
      <span className="text-lg leading-none">
        {SITE.shortName}
        <span
          className={`block text-xs font-medium tracking-wide ${tone === "dark" ? "text-brand-100" : "text-brand-700"}`}
        >
          {BRAND_DESCRIPTOR}
        </span>
      </span>
    </a>
  );
}
