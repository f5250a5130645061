import { readFileSync } from "node:fs";
import path from "node:path";
import {
  MENUS_CLOSE_ON_FOCUS_LEAVE_SCRIPT,
  NOT_FOUND_LOG_SCRIPT,
  routeWithoutJavaScript,
} from "@/lib/pages-without-javascript";
import { scriptHash } from "@/lib/security/content-security-policy";
import { builtFolder } from "@/scripts/build/build-folder";
import { ONE_PAGE_PER_TYPE, prerenderedRoute } from "../support/page-types";
import type { Request } from "@playwright/test";
import { expect, test, type Page } from "./test";
import { contactFor, finishQuote, reachStepFive, uniqueName } from "./quote-flow";
import { createLead, expectQuoteShown, planRadio, savedQuotePath } from "./saved-quote-flow";

const EXPECTED = {
  "strict-transport-security": "max-age=63072000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
};

const CSP_DIRECTIVES = [
  "default-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "upgrade-insecure-requests",
];

/** script-src of a policy: its sources. */
const scriptSources = (csp: string) =>
  (/(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? "").trim().split(/\s+/);

const PAGES = ONE_PAGE_PER_TYPE;

// Pages, a 404, an API route and a static file: every response carries the headers.
for (const path of [
  "/",
  "/not-a-page",
  "/robots.txt",
  "/api/quote",
  "/api/service-area?zip=33611",
]) {
  test(`security headers on ${path}`, async ({ request }) => {
    const response = await request.get(path);
    const headers = response.headers();
    for (const [name, value] of Object.entries(EXPECTED)) expect(headers[name], name).toBe(value);
    const csp = headers["content-security-policy"] ?? "";
    for (const directive of CSP_DIRECTIVES) expect(csp).toContain(directive);
    expect(csp).not.toContain("unsafe-eval");
    expect(scriptSources(csp)).not.toContain("'unsafe-inline'");
    expect(scriptSources(csp)).not.toContain("'self'");
    expect(headers["x-powered-by"]).toBeUndefined();
  });
}

test("a page's policy allows its inline scripts by hash, a file's allows no script", async ({
  request,
}) => {
  const page = scriptSources((await request.get("/")).headers()["content-security-policy"] ?? "");
  expect(page[0]).toBe("'strict-dynamic'");
  expect(page.slice(1).length).toBeGreaterThan(0);
  for (const source of page.slice(1)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
  const file = (await request.get("/robots.txt")).headers()["content-security-policy"] ?? "";
  expect(scriptSources(file)).toEqual(["'none'"]);
});

test("a page without JavaScript allows only the menus' line, the 404 also its log line", async ({
  request,
}) => {
  const policy = async (path: string) =>
    scriptSources((await request.get(path)).headers()["content-security-policy"] ?? "");
  expect(await policy(PAGES.article)).toEqual([
    "'strict-dynamic'",
    scriptHash(MENUS_CLOSE_ON_FOCUS_LEAVE_SCRIPT),
  ]);
  expect((await policy(PAGES["404"])).sort()).toEqual(
    [
      "'strict-dynamic'",
      scriptHash(MENUS_CLOSE_ON_FOCUS_LEAVE_SCRIPT),
      scriptHash(NOT_FOUND_LOG_SCRIPT),
    ].sort(),
  );
});

test("every page type is still prerendered, and served from the prerender cache", async ({
  request,
}) => {
  const manifest = JSON.parse(
    readFileSync(path.join(builtFolder(), "prerender-manifest.json"), "utf8"),
  ) as { routes: Record<string, { routeType?: string }> };
  for (const [type, route] of Object.entries(PAGES)) {
    const prerendered = prerenderedRoute(type as keyof typeof PAGES);
    expect(manifest.routes[prerendered]?.routeType, type).toBe("page");
    const response = await request.get(route);
    expect(response.headers()["x-nextjs-cache"], type).toBe("HIT");
  }
});

/** Records every CSP violation the page reports, from the first byte of every document. */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__reportCspViolation", (line: string) => violations.push(line));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation: (line: string) => void })
        .__reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI} (${event.sample})`);
    });
  });
  page.on("console", (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

for (const [type, path] of Object.entries(PAGES)) {
  test(`the ${type} page runs under its CSP without a violation`, async ({ page }) => {
    const violations = await recordViolations(page);
    const errors: Error[] = [];
    page.on("pageerror", (error) => errors.push(error));
    const logs: string[] = [];
    page.on("console", (message) => logs.push(message.text()));
    await page.goto(path);
    if (routeWithoutJavaScript(prerenderedRoute(type as keyof typeof PAGES))) {
      // No framework to hydrate; the 404's one inline script ran under its hash.
      if (type === "404")
        await expect.poll(() => logs.some((line) => line.includes(path))).toBe(true);
    } else {
      // The runtime chunks the after-paint loader inserted ran: React hydrated the page.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const root = document.querySelector("body") as unknown as Record<string, unknown>;
            return Object.keys(root).some((key) => key.startsWith("__react"));
          }),
        )
        .toBe(true);
    }
    await page.waitForLoadState("networkidle");
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test("the whole calculator, its lazy chunks and its toasts run without a CSP violation", async ({
  page,
}, testInfo) => {
  const violations = await recordViolations(page);
  // What the page has asked for and not yet received: scripts, its lazy chunks, the lead's calls.
  const pending = new Set<string>();
  page.on("request", (request) => pending.add(`${request.method()} ${request.url()}`));
  const settled = (request: Request) => pending.delete(`${request.method()} ${request.url()}`);
  page.on("requestfinished", settled);
  page.on("requestfailed", settled);
  await page.goto("/");
  // Steps 1-4 (the contact form's validation is a lazy chunk), a submit and its toast (sonner, also
  // lazy), then steps 5-6 and the result.
  await reachStepFive(page, {
    panes: "41-60",
    plan: "Initial Clean",
    addOns: ["Interior Cleaning"],
    contact: contactFor(uniqueName("csp", testInfo.project.name)),
  });
  await finishQuote(page);
  // Everything the walk asked for received: each lazy chunk it loaded has run, the update is answered.
  await expect.poll(() => [...pending]).toEqual([]);
  expect(violations).toEqual([]);
});

test("the saved-quote page, loaded and changed, runs without a CSP violation and sends no referrer", async ({
  page,
  baseURL,
}) => {
  const lead = await createLead(page.request, baseURL!);
  const violations = await recordViolations(page);
  const response = await page.goto(savedQuotePath(lead));
  expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
  await expectQuoteShown(page);
  await planRadio(page, "monthly").check();
  await expect(page.getByText("Saved. Your quote is up to date.")).toBeVisible();
  expect(violations).toEqual([]);
});

test("a script injected into a page's HTML is blocked and reported", async ({ page }) => {
  const violations = await recordViolations(page);
  await page.route("/", async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      "</head>",
      "<script>window.__injected = true</script></head>",
    );
    await route.fulfill({ response, body: html });
  });
  await page.goto("/");
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(
    await page.evaluate(() => (window as { __injected?: boolean }).__injected),
  ).toBeUndefined();
  expect(violations.join("\n")).toMatch(/script-src/);
});
