import { describe, expect, it } from "vitest";
import { LOCATIONS } from "@/content/locations";
import { REVIEWS } from "@/content/reviews";
import { SITE } from "@/content/site";
import { TEAM } from "@/content/team";
import {
  type LaunchContent,
  launchProblems,
  launchRefusal,
  launchWarnings,
  launchWarningText,
  productionDeploy,
} from "./launch-gate";
import { resolveSiteUrl } from "./site-url";

const REAL_CONTENT: LaunchContent = {
  phone: { display: "(813) 867-5309", e164: "+18138675309" },
  email: "hello@suncoastshine.com",
  privacyContact: { email: "privacy@suncoastshine.com" },
  rating: { value: 4.9, count: 87, sample: false },
  reviews: [{ name: "Ana P.", sample: false }],
  team: [{ name: "Dana R.", sample: false }],
};
const PUBLIC_URL = resolveSiteUrl({ NEXT_PUBLIC_SITE_URL: "https://suncoastshine.com" });

describe("which deploys the launch gate guards", () => {
  it("is none of development, tests or the quick start (no platform, no SITE_ENV)", () => {
    expect(productionDeploy({})).toBeNull();
    expect(productionDeploy({ CI: "true", NODE_ENV: "production" })).toBeNull();
  });

  it("is a platform's production deploy, not its previews", () => {
    expect(productionDeploy({ VERCEL: "1", VERCEL_ENV: "production" })).toMatch(/Vercel/);
    expect(productionDeploy({ VERCEL: "1", VERCEL_ENV: "preview" })).toBeNull();
    expect(productionDeploy({ NETLIFY: "true", CONTEXT: "production" })).toMatch(/Netlify/);
    expect(productionDeploy({ NETLIFY: "true", CONTEXT: "deploy-preview" })).toBeNull();
  });

  it("follows SITE_ENV over the platform, and refuses a value it does not know", () => {
    expect(productionDeploy({ SITE_ENV: "production" })).toBe("SITE_ENV=production");
    expect(productionDeploy({ SITE_ENV: "preview", VERCEL_ENV: "production" })).toBeNull();
    expect(() => productionDeploy({ SITE_ENV: "prod" })).toThrow(
      'SITE_ENV must be one of production, preview, development (not "prod")',
    );
  });
});

describe("what the launch gate refuses", () => {
  it("names every placeholder the repository ships with: phone, e-mails, rating, reviews, team", () => {
    const problems = launchProblems({ siteUrl: PUBLIC_URL, notificationChannel: true });
    expect(problems).toEqual([
      expect.stringContaining(
        `the number shown, phone.display ${SITE.phone.display}, and the number dialled, phone.e164 ${SITE.phone.e164}, are placeholders`,
      ),
      expect.stringContaining(`the e-mail address ${SITE.email} is a placeholder`),
      expect.stringContaining(
        `the privacy contact's e-mail address ${SITE.privacyContact.email} (named on /privacy`,
      ),
      expect.stringContaining(
        `the rating (${SITE.rating.value} from ${SITE.rating.count} reviews)`,
      ),
      expect.stringContaining(`${REVIEWS.length} of ${REVIEWS.length} reviews are samples`),
      expect.stringContaining(
        `content/team.ts: ${TEAM.length} of ${TEAM.length} team members are samples (${TEAM.map((member) => member.name).join(", ")})`,
      ),
    ]);
  });

  it("checks the number shown and the number dialled, naming the one at fault", () => {
    const withPhone = (display: string, e164: string) =>
      launchProblems({ siteUrl: PUBLIC_URL }, { ...REAL_CONTENT, phone: { display, e164 } });
    const shownFake = withPhone("(813) 555-0147", "+18138675309");
    expect(shownFake).toEqual([
      expect.stringContaining("the number shown, phone.display (813) 555-0147, is a placeholder"),
    ]);
    const dialledFake = withPhone("(813) 867-5309", "+18135550147");
    expect(dialledFake).toEqual([
      expect.stringContaining("the number dialled, phone.e164 +18135550147, is a placeholder"),
    ]);
    expect(dialledFake[0]).not.toContain("(813) 867-5309");
    expect(withPhone("(813) 867-5309", "+18138675310")).toEqual([
      expect.stringContaining(
        "the number shown, phone.display (813) 867-5309, is not the number dialled, phone.e164 +18138675310",
      ),
    ]);
    expect(withPhone("813.867.5309", "+18138675309")).toEqual([]);
  });

  it("names the team members still marked as placeholders among real ones", () => {
    const content = {
      ...REAL_CONTENT,
      team: [...REAL_CONTENT.team, { name: "Marcus Bell", sample: true }],
    };
    expect(launchProblems({ siteUrl: PUBLIC_URL }, content)).toEqual([
      expect.stringContaining("content/team.ts: 1 of 2 team members are samples (Marcus Bell)"),
    ]);
  });

  it("passes real details, real reviews, a public address and a way to hear of leads", () => {
    expect(
      launchProblems({ siteUrl: PUBLIC_URL, notificationChannel: true }, REAL_CONTENT),
    ).toEqual([]);
  });

  it("names the reviews still marked as samples among real ones", () => {
    const content = {
      ...REAL_CONTENT,
      reviews: [...REAL_CONTENT.reviews, { name: "Sarah M.", sample: true }],
    };
    expect(launchProblems({ siteUrl: PUBLIC_URL }, content)).toEqual([
      expect.stringContaining("1 of 2 reviews are samples (Sarah M.)"),
    ]);
  });

  it("refuses a missing, local or reserved site address, naming the setting", () => {
    for (const env of [
      {},
      { NEXT_PUBLIC_SITE_URL: "http://localhost:3000" },
      { NEXT_PUBLIC_SITE_URL: "http://127.0.0.1:3000" },
      { NEXT_PUBLIC_SITE_URL: "https://suncoastshine.example" },
      // Vercel without its production URL falls back to localhost.
      { VERCEL: "1", VERCEL_ENV: "production" },
    ]) {
      const [problem, ...rest] = launchProblems({ siteUrl: resolveSiteUrl(env) }, REAL_CONTENT);
      expect(rest).toEqual([]);
      expect(problem).toContain("NEXT_PUBLIC_SITE_URL");
    }
    const fromVercel = resolveSiteUrl({ VERCEL_PROJECT_PRODUCTION_URL: "suncoastshine.com" });
    expect(launchProblems({ siteUrl: fromVercel }, REAL_CONTENT)).toEqual([]);
  });

  it("refuses a server with no way to hear of a lead, and does not ask at build", () => {
    expect(
      launchProblems({ siteUrl: PUBLIC_URL, notificationChannel: false }, REAL_CONTENT),
    ).toEqual([expect.stringContaining("No way to hear of a lead: set SMTP_URL")]);
    expect(
      launchProblems({ siteUrl: PUBLIC_URL, notificationChannel: false }, REAL_CONTENT)[0],
    ).toContain("or CRM_WEBHOOK_URL");
    expect(launchProblems({ siteUrl: PUBLIC_URL }, REAL_CONTENT)).toEqual([]);
  });

  it("says nothing when there is nothing to refuse, and lists each problem otherwise", () => {
    expect(launchRefusal("SITE_ENV=production", [])).toBeNull();
    expect(launchRefusal("SITE_ENV=production", ["one", "two"])).toBe(
      [
        "Launch gate: this is a production deploy (SITE_ENV=production), and it is not ready to go live:",
        "  - one",
        "  - two",
        'Fix each, or build with SITE_ENV=preview for a deploy that is not the live site (docs/decisions.md, "Launch gate").',
      ].join("\n"),
    );
  });
});

describe("what the launch gate warns of, without refusing", () => {
  it("names every city page the repository ships without local proof", () => {
    expect(launchWarnings()).toEqual([
      `content/local-proof.ts: ${LOCATIONS.length} of ${LOCATIONS.length} city pages show no local proof (${LOCATIONS.map((city) => city.name).join(", ")}): add the business's own jobs and reviews in those towns as they come (docs/pages.md, "Local proof")`,
    ]);
  });

  it("names only the pages still without proof, and nothing once each has some", () => {
    const cities = [
      { slug: "tampa", name: "Tampa" },
      { slug: "lutz", name: "Lutz" },
      { slug: "odessa", name: "Odessa" },
    ];
    expect(launchWarnings({ cities, localProofTowns: ["lutz", "lutz"] })).toEqual([
      expect.stringContaining("2 of 3 city pages show no local proof (Tampa, Odessa)"),
    ]);
    expect(launchWarnings({ cities, localProofTowns: ["odessa", "tampa", "lutz"] })).toEqual([]);
  });

  it("prints them as warnings that do not stop the deploy", () => {
    expect(launchWarningText("SITE_ENV=production", [])).toBeNull();
    expect(launchWarningText("SITE_ENV=production", ["one"])).toBe(
      "Launch gate: warnings for this production deploy (SITE_ENV=production), which do not stop it:\n  - one",
    );
  });
});
