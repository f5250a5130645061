import { formatUsd, planDiscount } from "@shared/content/pricing";
import { BadgeCheck, CalendarCheck, Clock, ShieldCheck, Users } from "lucide";
import { Icon } from "@/components/ui/Icon";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { CallButton } from "@/components/ui/CallButton";
import { Container } from "@/components/ui/Container";
import { ServiceAreaCheck } from "@/components/service-area/ServiceAreaCheck";
import { SERVICE_COUNTIES_LABEL } from "@/content/locations";
import { QUOTE_LINK } from "@/content/navigation";
import { PLANS } from "@/content/plans";
import { RATING_LABEL, REVIEWS_URL, SITE } from "@/content/site";
import { HeroIllustration } from "./HeroIllustration";
import { Stars } from "./Stars";

const bestFirstVisitDiscount = Math.max(...PLANS.map((plan) => planDiscount(plan.frequency)));

const TRUST_POINTS = [
  { icon: ShieldCheck, text: "Licensed & insured" },
  { icon: CalendarCheck, text: "Free, same-day quotes" },
  { icon: Users, text: `${SITE.homeownersServed} homeowners served` },
  { icon: Clock, text: `Replies within ${SITE.responseHours} hours` },
] as const;

export function Hero() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white"
    >
      <Container className="grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-[1.1fr_1fr] lg:py-20">
        <div>
          <p className="inline-flex flex-wrap items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-slate-900/5">
            <Stars rating={SITE.rating.value} className="size-4" />
            <a href={REVIEWS_URL} className="underline underline-offset-4 hover:text-brand-700">
              {SITE.rating.value.toFixed(1)} · {RATING_LABEL}
            </a>
          </p>
          <h1
            id="hero-heading"
            className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-brand-900 sm:text-5xl xl:text-6xl"
          >
            Streak-free window cleaning across <span className="text-brand-600">Tampa Bay</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-slate-700">
            Residential and commercial window cleaning in {SERVICE_COUNTIES_LABEL}, by a local team
            trusted since {SITE.foundedYear}. Free, no-obligation quotes, usually the same day.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <ButtonLink href={QUOTE_LINK.href} className="whitespace-nowrap">
              Get my free instant quote
            </ButtonLink>
            <CallButton variant="outline" />
          </div>
          <ServiceAreaCheck tone="light" currentPath="/" className="mt-8" />
          <p className="mt-5 flex items-start gap-2 text-sm font-medium text-slate-700">
            <Icon icon={BadgeCheck} className="mt-0.5 size-5 shrink-0 text-brand-600" />
            <span>
              First-time customer discount: save up to {formatUsd(bestFirstVisitDiscount)} on your
              first visit when you join a maintenance plan.
            </span>
          </p>
          <ul className="mt-8 grid grid-cols-2 gap-x-6 gap-y-3 text-sm font-semibold text-slate-800">
            {TRUST_POINTS.map(({ icon, text }) => (
              <li key={text} className="flex items-center gap-2">
                <Icon icon={icon} className="size-5 shrink-0 text-brand-600" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <HeroIllustration className="mx-auto aspect-[6/5] w-full max-w-sm drop-shadow-xl sm:max-w-md lg:max-w-none" />
      </Container>
    </section>
  );
}
