import type { ReactNode } from "react";
import { Container } from "./Container";
import { SKIP_WHEN_OFFSCREEN } from "./offscreen";

type SectionProps = {
  id?: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  tone?: "white" | "tint" | "dark";
  /** Rendered only near the viewport (./offscreen.ts); off for a section holding fixed content. */
  skipWhenOffscreen?: boolean;
  children: ReactNode;
};

const TONES = {
  white: "bg-white",
  tint: "bg-brand-50",
  dark: "bg-brand-900 text-white",
} as const;

/** A page section with its heading; the heading names the section for assistive technology. */
export function Section({
  id,
  eyebrow,
  title,
  intro,
  tone = "white",
  skipWhenOffscreen = true,
  children,
}: SectionProps) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`py-16 sm:py-20 ${TONES[tone]} ${skipWhenOffscreen ? SKIP_WHEN_OFFSCREEN : ""}`}
    >
      <Container>
        <div className="mx-auto max-w-3xl text-center">
          {eyebrow ? (
            <p
              className={`text-sm font-semibold tracking-wide uppercase ${tone === "dark" ? "text-sun-300" : "text-brand-700"}`}
            >
              {eyebrow}
            </p>
          ) : null}
          <h2
            id={headingId}
            className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl"
          >
            {title}
          </h2>
          {intro ? (
            <div
              className={`mt-4 text-lg text-pretty ${tone === "dark" ? "text-brand-100" : "text-slate-600"}`}
            >
              {intro}
            </div>
          ) : null}
        </div>
        <div className="mt-12">{children}</div>
      </Container>
    </section>
  );
}
