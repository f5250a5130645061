import { BadgeCheck, ExternalLink } from "lucide";
import { Icon } from "@/components/ui/Icon";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { Section } from "@/components/ui/Section";
import { REVIEWS } from "@/content/reviews";
import { RATING_LABEL, REVIEWS_URL, SITE } from "@/content/site";
import { Stars } from "./Stars";

export function ReviewsSection() {
  return (
    <Section
      id="reviews"
      eyebrow="Reviews"
      title="What Tampa Bay homeowners say"
      intro={
        <span className="inline-flex flex-wrap items-center justify-center gap-2">
          <Stars rating={SITE.rating.value} />
          <span>
            {SITE.rating.value.toFixed(1)} average from {RATING_LABEL}
          </span>
        </span>
      }
    >
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {REVIEWS.map((review) => (
          <li key={review.name}>
            <figure className="flex h-full flex-col rounded-3xl bg-white p-7 shadow-sm ring-1 ring-slate-900/10">
              <Stars rating={review.rating} />
              <blockquote className="mt-4 flex-1 text-slate-700">
                <p>“{review.text}”</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center justify-between gap-3 border-t border-slate-100 pt-4 text-sm">
                <span>
                  <span className="block font-semibold text-brand-900">{review.name}</span>
                  <span className="text-slate-600">{review.date}</span>
                </span>
                {review.verified ? (
                  <span className="inline-flex items-center gap-1 font-medium text-brand-700">
                    <Icon icon={BadgeCheck} className="size-4" />
                    Verified customer
                  </span>
                ) : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <div className="mt-10 text-center">
        <ButtonLink href={REVIEWS_URL} variant="outline">
          Read all our reviews on Google
          <Icon icon={ExternalLink} className="size-4" />
        </ButtonLink>
      </div>
    </Section>
  );
}
