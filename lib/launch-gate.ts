import { LOCAL_PROOF } from "@/content/local-proof";
import { LOCATIONS } from "@/content/locations";
import { REVIEWS } from "@/content/reviews";
import { SITE } from "@/content/site";
import { TEAM } from "@/content/team";
import type { SiteUrlResolution } from "@/lib/site-url";

/**
 * The launch gate (docs/decisions.md, "Launch gate"): a production deploy refuses to build or start
 * with placeholder business details, sample reviews, a local address or no way to hear of a lead.
 */

type Env = Record<string, string | undefined>;

/** Hosts whose environment says "this is the production deploy"; SITE_ENV overrides them. */
const PRODUCTION_HOSTS: readonly [name: string, isProduction: (env: Env) => boolean][] = [
  ["Vercel (VERCEL_ENV=production)", (env) => env.VERCEL_ENV === "production"],
  ["Netlify (CONTEXT=production)", (env) => env.NETLIFY === "true" && env.CONTEXT === "production"],
  ["Render (RENDER=true)", (env) => env.RENDER === "true"],
  ["Fly.io (FLY_APP_NAME)", (env) => Boolean(env.FLY_APP_NAME)],
  [
    "Railway (RAILWAY_ENVIRONMENT_NAME=production)",
    (env) => env.RAILWAY_ENVIRONMENT_NAME === "production",
  ],
];

export const SITE_ENVS = ["production", "preview", "development"] as const;

/**
 * Why this is a production deploy (the setting that says so), or null when it is not. Throws on a
 * SITE_ENV it does not know, so that a typo never switches the gate off unnoticed.
 */
export function productionDeploy(env: Env): string | null {
  const siteEnv = env.SITE_ENV?.trim();
  if (siteEnv) {
    if (!SITE_ENVS.some((known) => known === siteEnv)) {
      throw new Error(`SITE_ENV must be one of ${SITE_ENVS.join(", ")} (not "${siteEnv}")`);
    }
    return siteEnv === "production" ? "SITE_ENV=production" : null;
  }
  return PRODUCTION_HOSTS.find(([, isProduction]) => isProduction(env))?.[0] ?? null;
}

/** Domains reserved for documentation and tests (RFC 2606, RFC 6761): never a real business's. */
const RESERVED_DOMAIN = /(^|\.)(example|test|invalid|localhost)$|(^|\.)example\.(com|net|org)$/i;
const LOCAL_HOST = /^(localhost|127(\.\d+){3}|\[::1\]|0\.0\.0\.0)$|\.localhost$/i;
/** A North American number (its 10 digits, the country code 1 dropped) whose exchange is 555: kept for fiction. */
const FICTIONAL_PHONE = /^\d{3}555\d{4}$/;
/** A number's 10 North American digits, however it is written. */
const phoneDigits = (written: string) => written.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");

/** What the gate reads of content/: the module's own values unless a test gives others. */
export type LaunchContent = {
  phone: { display: string; e164: string };
  email: string;
  privacyContact: { email: string };
  rating: { value: number; count: number; sample: boolean };
  reviews: readonly { name: string; sample: boolean }[];
  team: readonly { name: string; sample: boolean }[];
};

const CONTENT: LaunchContent = { ...SITE, reviews: REVIEWS, team: TEAM };

/**
 * The phone's problems, naming the field at fault: the number shown (`display`) and the one a tap
 * dials (`e164`) are each checked, and must be the same number.
 */
function phoneProblems({ display, e164 }: LaunchContent["phone"]): string[] {
  const shown = phoneDigits(display);
  const dialled = phoneDigits(e164);
  const fix = "put in the business's real number, in both phone.display and phone.e164";
  const fictional = [
    FICTIONAL_PHONE.test(shown) && `the number shown, phone.display ${display}`,
    FICTIONAL_PHONE.test(dialled) && `the number dialled, phone.e164 ${e164}`,
  ].filter((field) => typeof field === "string");
  if (fictional.length > 0) {
    return [
      `content/site.ts: ${fictional.join(", and ")}, ${fictional.length > 1 ? "are placeholders" : "is a placeholder"} (555 numbers are fictional): ${fix}`,
    ];
  }
  return shown === dialled
    ? []
    : [
        `content/site.ts: the number shown, phone.display ${display}, is not the number dialled, phone.e164 ${e164}: a visitor who taps it would call another number; ${fix}`,
      ];
}

/** A content list's entries still marked as samples: "k of n {nouns} are samples (names)", or null. */
function samplesLeft(list: readonly { name: string; sample: boolean }[], nouns: string) {
  const samples = list.filter((entry) => entry.sample);
  if (samples.length === 0) return null;
  return `${samples.length} of ${list.length} ${nouns} are samples (${samples.map((entry) => entry.name).join(", ")})`;
}

export type LaunchFacts = {
  siteUrl: SiteUrlResolution;
  /** Whether a way to hear of a lead is set; undefined where it cannot be known (at build). */
  notificationChannel?: boolean;
};

/** Each reason this deploy must not go live, in words the operator can act on; empty when none. */
export function launchProblems(facts: LaunchFacts, content: LaunchContent = CONTENT): string[] {
  const emailDomain = content.email.split("@")[1] ?? "";
  const reviews = samplesLeft(content.reviews, "reviews");
  const team = samplesLeft(content.team, "team members");
  const { url, source } = facts.siteUrl;
  const host = new URL(url).hostname;
  const where =
    "set NEXT_PUBLIC_SITE_URL to the site's public https address at build time (or let the platform give it: VERCEL_PROJECT_PRODUCTION_URL on Vercel, URL on Netlify)";
  return [
    ...phoneProblems(content.phone),
    RESERVED_DOMAIN.test(emailDomain) &&
      `content/site.ts: the e-mail address ${content.email} is a placeholder (${emailDomain} is a reserved domain): put in the business's real address`,
    RESERVED_DOMAIN.test(content.privacyContact.email.split("@")[1] ?? "") &&
      `content/site.ts: the privacy contact's e-mail address ${content.privacyContact.email} (named on /privacy for erasure requests) is a placeholder: put in the address that answers them`,
    content.rating.sample &&
      `content/site.ts: the rating (${content.rating.value} from ${content.rating.count} reviews) is the specification's sample: put in the business's real rating and set sample: false`,
    reviews !== null &&
      `content/reviews.ts: ${reviews}: replace them with genuine reviews, word for word, or set sample: false on the real ones`,
    team !== null &&
      `content/team.ts: ${team}: put in the business's real people (or remove the placeholders), and set sample: false on the real ones`,
    source === null
      ? `The site's address is not set, so links would point at ${url}: ${where}`
      : (LOCAL_HOST.test(host) || RESERVED_DOMAIN.test(host)) &&
        `${source} is ${url}, not a public address: canonical links, the sitemap and the links in e-mails would point there; ${where}`,
    facts.notificationChannel === false &&
      "No way to hear of a lead: set SMTP_URL, LEADS_NOTIFY_TO and MAIL_FROM (the owner's e-mail), or CRM_WEBHOOK_URL (on Supabase the lead function's: `supabase secrets set CRM_WEBHOOK_URL=…`; docs/leads.md)",
  ].filter((problem) => typeof problem === "string");
}

/** The gate's verdict as the build and the server print it; null when the deploy may go ahead. */
export function launchRefusal(deploy: string, problems: readonly string[]): string | null {
  if (problems.length === 0) return null;
  return [
    `Launch gate: this is a production deploy (${deploy}), and it is not ready to go live:`,
    ...problems.map((problem) => `  - ${problem}`),
    'Fix each, or build with SITE_ENV=preview for a deploy that is not the live site (docs/decisions.md, "Launch gate").',
  ].join("\n");
}

/** What the gate warns of without refusing: the city pages the owner has added no local proof to. */
export type ProofContent = {
  cities: readonly { slug: string; name: string }[];
  localProofTowns: readonly string[];
};

const PROOF_CONTENT: ProofContent = {
  cities: LOCATIONS,
  localProofTowns: LOCAL_PROOF.map((entry) => entry.town),
};

/** Each thing a production deploy is told of but may go live with; empty when none. */
export function launchWarnings(content: ProofContent = PROOF_CONTENT): string[] {
  const without = content.cities.filter((city) => !content.localProofTowns.includes(city.slug));
  if (without.length === 0) return [];
  return [
    `content/local-proof.ts: ${without.length} of ${content.cities.length} city pages show no local proof (${without.map((city) => city.name).join(", ")}): add the business's own jobs and reviews in those towns as they come (docs/pages.md, "Local proof")`,
  ];
}

/** The warnings as the build prints them; null when there are none. */
export function launchWarningText(deploy: string, warnings: readonly string[]): string | null {
  if (warnings.length === 0) return null;
  return [
    `Launch gate: warnings for this production deploy (${deploy}), which do not stop it:`,
    ...warnings.map((warning) => `  - ${warning}`),
  ].join("\n");
}
