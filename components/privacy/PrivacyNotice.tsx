import type { ReactNode } from "react";
import { Container } from "@/components/ui/Container";
import { PageTitle } from "@/components/ui/PageTitle";
import { PRIVACY_PAGE } from "@/content/privacy";
import { SITE, TEL_HREF } from "@/content/site";
import { CAMPAIGN_COOKIE, CAMPAIGN_DAYS } from "@/lib/attribution/campaign-cookie";
import { formatCalendarDate } from "@/lib/quote/visit-window";
import { RETENTION, retentionInWords as period } from "@shared/leads/retention";

const linkClass = "font-semibold text-brand-800 underline underline-offset-2";

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-10">
      <h2 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h2>
      <div className="mt-3 space-y-3 text-lg text-pretty text-slate-700">{children}</div>
    </section>
  );
}

/**
 * /privacy (docs/pages.md, "Privacy"): what the site collects, why, who receives it, how long each
 * thing is kept (the figures the retention code applies) and how to have it erased.
 */
export function PrivacyNotice() {
  const { who, email } = SITE.privacyContact;
  const write = (
    <a href={`mailto:${email}`} className={linkClass}>
      {email}
    </a>
  );
  return (
    <div className="bg-brand-50 py-14 sm:py-20">
      <Container>
        <div className="max-w-3xl">
          <PageTitle eyebrow={PRIVACY_PAGE.eyebrow} title={PRIVACY_PAGE.title} />
          <p className="mt-5 text-lg text-pretty text-slate-700">
            {SITE.brand} runs this site to tell you about our window cleaning and to price and
            arrange a visit. This page says what we collect, why, who receives it and for how long.
            Last updated {formatCalendarDate(PRIVACY_PAGE.updated)}.
          </p>

          <Part title="What we collect, and why">
            <p>
              <strong>Your quote request.</strong> Your name, phone number, e-mail address, service
              address and any message, with your answers in the quote calculator (window count,
              plan, add-ons, stories, post-construction) and, if you ask for one on your
              quote&apos;s page, a visit window. We use them to price your quote, to contact you
              about it and to do the work.
            </p>
            <p>
              <strong>Where your visit came from.</strong> When you reach us from an ad or from a
              link on another site, a cookie named <code>{CAMPAIGN_COOKIE}</code> keeps the
              ad&apos;s campaign tags (such as utm_source, or Google Ads&apos; click id), the
              address of the site that sent you and the page you landed on, for {CAMPAIGN_DAYS}{" "}
              days, so that we know which ads bring requests. It is set only on such a visit, only
              this site&apos;s server can read it (no script, no other site), and it is saved with a
              quote you send. A visit you start yourself sets no cookie.
            </p>
            <p>
              <strong>Your device&apos;s internet address</strong>, turned into a one-way code (a
              SHA-256 hash) and never stored as it is, to count requests per device so that bots
              cannot flood the quote form.
            </p>
            <p>
              <strong>In your browser only.</strong> The calculator keeps your progress and the link
              to your quote in this tab&apos;s session storage, which your browser clears when you
              close the tab.
            </p>
            <p>
              This site runs no analytics, advertising or social-media scripts and sells nothing
              about you. It does not track you across other sites, so a browser&apos;s &quot;Do Not
              Track&quot; signal changes nothing here.
            </p>
          </Part>

          <Part title="Who receives it">
            <p>
              The business&apos;s owner and staff, by e-mail, to answer your request; you, in the
              confirmation e-mail with your quote&apos;s link; the e-mail provider that delivers
              those messages; the customer-management system (CRM) the business keeps its customers
              in, when it uses one; and the company that hosts the site and its database. Each
              receives it only to do that job for us.
            </p>
          </Part>

          <Part title="How long we keep it">
            <ul className="list-disc space-y-2 pl-6">
              <li>
                Your quote request: until we erase it, when you ask us to or when we no longer need
                it.
              </li>
              <li>
                Your quote&apos;s private link: the link itself for {period(RETENTION.rawTokenMs)},
                to answer a repeated request and to send your confirmation; after that only a
                one-way code that can check it.
              </li>
              <li>
                The record that stops a request being stored twice:{" "}
                {period(RETENTION.idempotencyMs)}.
              </li>
              <li>
                The record of each e-mail and CRM delivery: {period(RETENTION.settledOutboxMs)}{" "}
                after it was delivered.
              </li>
              <li>
                The coded internet address: until it has gone unused for{" "}
                {period(RETENTION.rateLimitIdleMs)}.
              </li>
              <li>The campaign cookie: {CAMPAIGN_DAYS} days in your browser.</li>
              <li>
                Backup copies of our records keep what they held when they were taken, until they
                are replaced by newer ones.
              </li>
            </ul>
          </Part>

          <Part title="Seeing, correcting or erasing your details">
            <p>
              Write to {who} at {write} or call{" "}
              <a href={TEL_HREF} className={linkClass}>
                {SITE.phone.display}
              </a>{" "}
              and say which quote you mean (the e-mail address you used is enough). We will tell you
              what we hold, correct it, or erase your request and every record of it from our quote
              system, and from our CRM if it is there.
            </p>
          </Part>
        </div>
      </Container>
    </div>
  );
}
