import { leadsNamed } from "../support/stored-leads";
import { expect, test, type Page, type Request } from "./test";
import { FORM_TIME_KEY } from "@/lib/quote/form-traps";
import { SITE, TEL_HREF } from "@/content/site";
import { UPDATE_NOTES } from "@/components/quote/messages";
import {
  calculator,
  contactFor,
  continueStep,
  E2E_MIN_FORM_MS,
  expectStep,
  fillContactLikeAPerson,
  fillQuote,
  finishQuote,
  reachStepFive,
  reachStepFour,
  storedLead,
  toast,
  uniqueName,
} from "./quote-flow";

/** A visitor who loses the network, reloads mid-submit, or is a bot: exactly one lead, or a flagged one. */

const CHOICES = { panes: "26-40", plan: "Monthly", addOns: ["Screen Cleaning"] };
const FAILURE = "Failed to submit. Please try again or call us directly.";
const SUCCESS = "Quote request submitted successfully!";
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The quote requests the page sends, as they leave the browser. */
function quotePosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/quote") {
      posts.push(request);
    }
  });
  return posts;
}

/** The home page's calculator filled in (CHOICES) for `name`, ready to send: the quote's POSTs to come. */
async function readyToSend(page: Page, name: string): Promise<Request[]> {
  const posts = quotePosts(page);
  await page.goto("/");
  await fillQuote(page, { ...CHOICES, contact: contactFor(name) });
  return posts;
}

test("an answer lost on the way back, then a retry: one lead, one key", async ({
  page,
}, testInfo) => {
  const name = uniqueName("lost answer", testInfo.project.name);
  const posts = await readyToSend(page, name);
  // The server stores the lead, but the network drops its answer.
  await page.route(
    "**/api/quote",
    async (route) => {
      await route.fetch();
      await route.abort("connectionreset");
    },
    { times: 1 },
  );
  await continueStep(page);
  await expect(toast(page, FAILURE)).toBeVisible();
  await expectStep(page, 4);
  expect(await leadsNamed(name)).toHaveLength(1);

  await continueStep(page);
  await expect(toast(page, SUCCESS)).toBeVisible();
  await expectStep(page, 5);
  expect(posts).toHaveLength(2);
  const keys = posts.map((post) => post.headers()["idempotency-key"]);
  expect(keys[0]).toMatch(UUID_V4);
  expect(keys[1]).toBe(keys[0]);
  expect(await leadsNamed(name)).toEqual([expect.objectContaining({ idempotency_key: keys[0] })]);
});

test("a reload while the quote is being sent: one lead, one key", async ({ page }, testInfo) => {
  const name = uniqueName("reload", testInfo.project.name);
  const posts = await readyToSend(page, name);
  // The request reaches the server, and the visitor reloads before the answer comes.
  let reached!: () => void;
  const stored = new Promise<void>((resolve) => (reached = resolve));
  await page.route(
    "**/api/quote",
    async (route) => {
      await route.fetch();
      reached();
    },
    { times: 1 },
  );
  await continueStep(page);
  await stored;
  await page.reload();

  await expectStep(page, 4);
  await expect(calculator(page).getByLabel("Full Name")).toHaveValue(name);
  await continueStep(page);
  await expect(toast(page, SUCCESS)).toBeVisible();
  await expectStep(page, 5);
  const keys = posts.map((post) => post.headers()["idempotency-key"]);
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(await leadsNamed(name)).toHaveLength(1);
});

test("a changed quote after a failure goes with the session's key: still one lead, as corrected", async ({
  page,
}, testInfo) => {
  const name = uniqueName("changed", testInfo.project.name);
  const posts = await readyToSend(page, `${name} typo`);
  await page.route("**/api/quote", (route) => route.abort("internetdisconnected"), { times: 1 });
  await continueStep(page);
  await expect(toast(page, FAILURE)).toBeVisible();
  await calculator(page).getByLabel("Full Name").fill(name);
  await continueStep(page);
  await expectStep(page, 5);
  const keys = posts.map((post) => post.headers()["idempotency-key"]);
  expect(keys).toHaveLength(2);
  // One calculator session, one lead (docs/calculator.md, "One quote, one lead").
  expect(keys[1]).toBe(keys[0]);
  expect(await leadsNamed(name)).toHaveLength(1);
});

test.describe("bot traps", () => {
  test("a person who takes their time is a real lead", async ({ page }, testInfo) => {
    const name = uniqueName("human", testInfo.project.name);
    await page.goto("/");
    await fillQuote(page, { ...CHOICES, contact: contactFor(name), likeAPerson: true });
    await continueStep(page);
    await expectStep(page, 5);
    expect(await leadsNamed(name)).toEqual([expect.objectContaining({ spam_reason: null })]);
  });

  test("a filled honeypot looks like success and is kept as spam", async ({ page }, testInfo) => {
    const name = uniqueName("honeypot", testInfo.project.name);
    await page.goto("/");
    await reachStepFour(page, CHOICES);
    // Nobody sees it, reaches it or hears it.
    await expect(page.getByRole("textbox", { name: "Referral code" })).toHaveCount(0);
    const honeypot = page.locator("#quote-referral-code");
    await expect(honeypot).not.toBeInViewport();
    await expect(honeypot).toHaveAttribute("tabindex", "-1");
    await honeypot.fill("https://cheap-pills.example", { force: true });
    await fillContactLikeAPerson(page, contactFor(name));
    await continueStep(page);
    await expect(toast(page, SUCCESS)).toBeVisible();
    await expectStep(page, 5);
    expect(String((await storedLead(name))?.spam_reason)).toMatch(/honeypot/);
  });

  /**
   * Steps 1-4 with the page's clock (the test's to move) stopped at the first tap, so that the
   * time the trap measures is only what `meanwhile` moves it by, however busy the machine is; then
   * the submit, and the `formMs` it sent.
   */
  async function submitOnTheTestsClock(
    page: Page,
    name: string,
    meanwhile: () => Promise<void> = async () => undefined,
  ): Promise<unknown> {
    const posts = quotePosts(page);
    await page.clock.install();
    await page.goto("/");
    await page.clock.pauseAt(Date.now() + 10 * E2E_MIN_FORM_MS);
    await fillQuote(page, { ...CHOICES, contact: contactFor(name) });
    await meanwhile();
    const sending = page.waitForRequest(
      (request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/quote",
    );
    await continueStep(page);
    await sending;
    // The time is taken; the toast's own timers need the clock running again.
    await page.clock.resume();
    await expect(toast(page, SUCCESS)).toBeVisible();
    return posts[0]?.postDataJSON()[FORM_TIME_KEY];
  }

  test("a submit faster than a person could type is kept as spam", async ({ page }, testInfo) => {
    const name = uniqueName("fast", testInfo.project.name);
    expect(await submitOnTheTestsClock(page, name)).toBe(0);
    expect(String((await storedLead(name))?.spam_reason)).toMatch(
      /^sent 0 ms after the visitor first touched the calculator/,
    );
  });

  test("a return to the contact step never restarts the clock", async ({ page }, testInfo) => {
    const name = uniqueName("back and forth", testInfo.project.name);
    // The visitor lingers over the form, goes back a step and returns; then submits at once.
    const formMs = await submitOnTheTestsClock(page, name, async () => {
      await page.clock.fastForward(E2E_MIN_FORM_MS * 2);
      await calculator(page).getByRole("button", { name: "Back" }).click();
      await continueStep(page);
      await expectStep(page, 4);
    });
    expect(formMs).toBe(E2E_MIN_FORM_MS * 2);
    expect((await storedLead(name))?.spam_reason).toBeNull();
  });
});

test("a network drop as the contact step opens: the failure is shown with the number, and the next submit loads what it missed", async ({
  page,
  context,
}, testInfo) => {
  const name = uniqueName("offline", testInfo.project.name);
  await page.goto("/locations/largo#contact");
  const form = calculator(page);
  await form.getByRole("radio", { name: /^26-40 panes/ }).check();
  await continueStep(page);
  await form.getByRole("radio", { name: /^Bi-Annual/ }).check();
  await continueStep(page);
  // Step 4 fetches its code (the schema, the toasts) as it opens: offline, every fetch fails.
  const failed = page.waitForEvent("requestfailed");
  await context.setOffline(true);
  await continueStep(page);
  await expectStep(page, 4);
  await failed;
  await fillContactLikeAPerson(page, contactFor(name));
  await continueStep(page);
  // Told by what is already on the page, with the number to call.
  const failure = form.getByText(`${FAILURE.slice(0, -1)} at ${SITE.phone.display}.`);
  await expect(failure).toBeVisible();
  await expect(failure.getByRole("link", { name: SITE.phone.display })).toHaveAttribute(
    "href",
    TEL_HREF,
  );
  await expectStep(page, 4);

  await context.setOffline(false);
  await continueStep(page);
  await expectStep(page, 5);
  await expect(failure).toHaveCount(0);
  expect(await leadsNamed(name)).toHaveLength(1);
});

/** The PATCHes of the page's lead as they leave the browser, each answered by `answer`, else the server. */
function routeUpdates(
  page: Page,
  answer: () => { status: number } | null,
): { frequency: unknown; key: string | undefined; answered: number | null }[] {
  const sent: { frequency: unknown; key: string | undefined; answered: number | null }[] = [];
  void page.route("**/api/quote/*", async (route) => {
    const request = route.request();
    if (request.method() !== "PATCH") return route.fallback();
    const held = answer();
    sent.push({
      frequency: request.postDataJSON().frequency,
      key: request.headers()["idempotency-key"],
      answered: held?.status ?? null,
    });
    if (!held) return route.fallback();
    return route.fulfill({ status: held.status, json: { success: false, error: "Held" } });
  });
  return sent;
}

test("updates the server cannot take now are sent again, in the visitor's order, with the visitor told, until answered", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const name = uniqueName("held updates", testInfo.project.name);
  let down = true;
  const sent = routeUpdates(page, () => (down ? { status: 503 } : null));
  await page.goto("/");
  await reachStepFive(page, {
    panes: "26-40",
    plan: "Initial Clean",
    addOns: [],
    contact: contactFor(name),
  });
  // See My Price sends steps 5-6 (not the plan, left alone); the server answers 503.
  await finishQuote(page);
  const form = calculator(page);
  const waiting = form.getByText(UPDATE_NOTES.waiting);
  await expect(waiting).toBeVisible();
  await form.getByRole("button", { name: /^Monthly/ }).click();
  // The server stays down for the switch's first three tries (sent again after 1 s, then 2 s),
  // answering each 503; the visitor is told meanwhile. A state to wait for, not a time.
  const switchTries = () => sent.filter((update) => update.frequency === "monthly").length;
  await expect.poll(switchTries, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  await expect(waiting).toBeVisible();
  down = false;

  await expect(form.getByText(UPDATE_NOTES.saved)).toBeVisible({ timeout: 30_000 });
  await expect(waiting).toHaveCount(0);
  expect(await storedLead(name)).toMatchObject({
    frequency: "monthly",
    is_post_construction: "no",
    stories: "2",
  });
  // In order: no try of the earlier update after the switch's first, and each update kept its key.
  const firstSwitch = sent.findIndex((update) => update.frequency === "monthly");
  expect(sent.slice(firstSwitch).every((update) => update.frequency === "monthly")).toBe(true);
  expect(sent.slice(0, firstSwitch).every((update) => update.frequency === undefined)).toBe(true);
  expect(new Set(sent.slice(0, firstSwitch).map((update) => update.key)).size).toBe(1);
  expect(new Set(sent.slice(firstSwitch).map((update) => update.key)).size).toBe(1);
  expect(sent[0]?.key).toMatch(UUID_V4);
  expect(sent.at(-1)).toMatchObject({ answered: null });
});

test("an update the server refuses for good is shown with the number to call, and not sent again", async ({
  page,
}, testInfo) => {
  const name = uniqueName("refused update", testInfo.project.name);
  const sent = routeUpdates(page, () => ({ status: 403 }));
  await page.goto("/");
  await reachStepFive(page, { ...CHOICES, contact: contactFor(name) });
  await finishQuote(page);
  const refused = calculator(page).getByText(`${UPDATE_NOTES.refused} at ${SITE.phone.display}.`);
  await expect(refused).toBeVisible();
  await expect(refused.getByRole("link", { name: SITE.phone.display })).toHaveAttribute(
    "href",
    TEL_HREF,
  );
  expect(sent).toHaveLength(1);
});
