import type { Metadata } from "next";
import { NotFoundLogger } from "@/components/layout/NotFoundLogger";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { Container } from "@/components/ui/Container";
import { NAV_LINKS } from "@/content/navigation";

// Next adds <meta name="robots" content="noindex"> to not-found responses itself.
export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <Container className="py-24 text-center sm:py-32">
      <NotFoundLogger />
      <p className="text-6xl font-extrabold text-brand-600">404</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl">
        Oops! Page not found
      </h1>
      <p className="mx-auto mt-4 max-w-md text-lg text-slate-600">
        The page you were looking for does not exist or has moved.
      </p>
      <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <ButtonLink href="/">Return to Home</ButtonLink>
        <ButtonLink href={NAV_LINKS[0].href} variant="outline">
          See our services
        </ButtonLink>
      </div>
    </Container>
  );
}
