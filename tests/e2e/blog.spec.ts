import { expect, test } from "./test";
import { ARTICLES } from "@/content/blog";
import { SITE } from "@/content/site";
import { jsonLdOfType } from "./json-ld";
import { expectQuoteAndCallLinks } from "./site-nav";

// docs/decisions.md, "Blog", copied by hand: what each card and article header must show.
const STATED_POSTS = [
  {
    slug: "window-cleaning-near-me-tampa-bay",
    category: "Local Guides",
    date: "Jan 15, 2025",
    minutes: 5,
  },
  {
    slug: "how-often-clean-windows-tampa-bay",
    category: "Tips & Guides",
    date: "Jan 10, 2025",
    minutes: 4,
  },
  {
    slug: "remove-hard-water-stains-windows",
    category: "Tips & Guides",
    date: "Jan 5, 2025",
    minutes: 6,
  },
  {
    slug: "professional-vs-diy-window-cleaning",
    category: "Industry Insights",
    date: "Dec 28, 2024",
    minutes: 5,
  },
  {
    slug: "best-window-cleaning-techniques-florida",
    category: "Tips & Guides",
    date: "Dec 20, 2024",
    minutes: 6,
  },
  {
    slug: "window-cleaning-st-pete-clearwater-tampa",
    category: "Local Guides",
    date: "Dec 12, 2024",
    minutes: 5,
  },
];

function articleBySlug(slug: string) {
  const article = ARTICLES.find((candidate) => candidate.slug === slug);
  if (!article) throw new Error(`content/blog has no ${slug}`);
  return article;
}

test("the blog index shows six cards, newest first, with category, title, excerpt, date and read time", async ({
  page,
}) => {
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards).toHaveCount(STATED_POSTS.length);

  for (const [index, post] of STATED_POSTS.entries()) {
    const card = cards.nth(index);
    const article = articleBySlug(post.slug);
    await expect(card.getByText(post.category, { exact: true })).toBeVisible();
    const link = card.getByRole("link", { name: article.title });
    await expect(link).toHaveAttribute("href", `/blog/${post.slug}`);
    await expect(card.getByText(article.excerpt)).toBeVisible();
    await expect(card.locator("time")).toHaveText(post.date);
    await expect(card.getByText(`${post.minutes} min read`)).toBeVisible();
  }

  const isoDates = await cards
    .locator("time")
    .evaluateAll((times) => times.map((time) => time.getAttribute("datetime") ?? ""));
  expect(isoDates).toEqual([...isoDates].sort().reverse());
});

test("a card's link opens its article", async ({ page }) => {
  await page.goto("/blog");
  const first = articleBySlug(STATED_POSTS[0]!.slug);
  await page.getByRole("link", { name: first.title }).click();
  await expect(page).toHaveURL(`/blog/${first.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.title);
});

for (const post of STATED_POSTS) {
  test(`/blog/${post.slug} renders its header, sections, call to action and Back to Blog`, async ({
    page,
  }) => {
    const article = articleBySlug(post.slug);
    const response = await page.goto(`/blog/${post.slug}`);
    expect(response?.status()).toBe(200);

    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(article.title);
    await expect(main.getByText(post.category, { exact: true })).toBeVisible();
    await expect(main.locator("header time")).toHaveText(post.date);
    await expect(main.locator("header").getByText(`${post.minutes} min read`)).toBeVisible();
    await expect(main.getByText(article.intro)).toBeVisible();
    await expect(main.getByRole("heading", { level: 2 })).toContainText(
      article.sections.map((section) => section.heading),
    );

    const cta = page.getByRole("complementary", { name: "Ready for streak-free windows?" });
    await expectQuoteAndCallLinks(cta);
    await expect(cta.getByRole("link", { name: "View Plans & Pricing" })).toHaveAttribute(
      "href",
      "/#pricing",
    );
    await expect(main.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");

    await expect(page).toHaveTitle(`${article.title} | ${SITE.shortName}`);
    const posting = await jsonLdOfType(page, "BlogPosting");
    expect(posting.headline).toBe(article.title);
  });
}

test("Back to Blog returns to the index", async ({ page }) => {
  await page.goto(`/blog/${STATED_POSTS[2]!.slug}`);
  await page.getByRole("link", { name: "Back to Blog" }).click();
  await expect(page).toHaveURL("/blog");
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(STATED_POSTS.length);
});

test("an unknown blog slug answers 404", async ({ page }) => {
  const response = await page.goto("/blog/not-an-article");
  expect(response?.status()).toBe(404);
});
