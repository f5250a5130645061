import { expect, test } from "./test";

const EXPECTED = {
  "strict-transport-security": "max-age=63072000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
  "x-frame-options": "DENY",
};

const CSP_DIRECTIVES = [
  "default-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "connect-src 'self'",
];

// Pages, a 404 and a static asset: every response carries the headers.
for (const path of ["/", "/not-a-page", "/robots.txt"]) {
  test(`security headers on ${path}`, async ({ request }) => {
    const response = await request.get(path);
    const headers = response.headers();
    for (const [name, value] of Object.entries(EXPECTED)) expect(headers[name], name).toBe(value);
    const csp = headers["content-security-policy"] ?? "";
    for (const directive of CSP_DIRECTIVES) expect(csp).toContain(directive);
    expect(csp).not.toContain("unsafe-eval");
    expect(headers["x-powered-by"]).toBeUndefined();
  });
}

test("the home page runs under its CSP without violations", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);
});
