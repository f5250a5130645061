/** Lower-case words of a text, punctuation dropped (apostrophes and hyphens kept inside words). */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .split(/[^a-z0-9'-]+/)
    .map((word) => word.replace(/^['-]+|['-]+$/g, ""))
    .filter(Boolean);
}

/** The set of word n-grams ("shingles") of a text. */
export function shingles(text: string, size = 5): Set<string> {
  const list = words(text);
  const result = new Set<string>();
  for (let index = 0; index + size <= list.length; index += 1)
    result.add(list.slice(index, index + size).join(" "));
  return result;
}

/** Jaccard similarity of two sets: shared items over all items (0 = disjoint, 1 = identical). */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const item of a) if (b.has(item)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/**
 * Doorway-page guards (docs/pages.md, "City pages"): the most word-5-gram Jaccard similarity two
 * city pages may have over all of `<main>` as served, quote section included, and over their
 * local text alone. Issue #55 aims at 0.30 over `<main>`; the pages read 0.334 at worst today
 * (`npx tsx scripts/city-similarity.ts`), and only more of each town's own words lower it.
 */
export const MAX_CITY_PAGE_SIMILARITY = 0.34;
export const MAX_LOCAL_TEXT_SIMILARITY = 0.27;

/** Every pair of named texts with its word-5-gram Jaccard score, most alike first. */
export function pairScores(texts: readonly { name: string; text: string }[]) {
  const sets = texts.map(({ name, text }) => ({ name, set: shingles(text) }));
  return sets
    .flatMap((a, i) =>
      sets
        .slice(i + 1)
        .map((b) => ({ pair: `${a.name} / ${b.name}`, score: jaccard(a.set, b.set) })),
    )
    .sort((a, b) => b.score - a.score);
}

type TextNode = {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<TextNode>;
};

/**
 * The words a reader sees in an element, as served: a run of text reads as one (the parser splits
 * text at each character reference, `O&#x27; Lakes`, and React marks joins with comments), and
 * each element boundary counts as a space (markup never glues two words together); scripts,
 * styles and templates are left out.
 */
export function textOf(element: TextNode | null): string {
  if (!element) return "";
  const parts: string[] = [];
  const walk = (node: TextNode) => {
    if (node.nodeType === 3) parts.push(node.textContent ?? "");
    else if (node.nodeType === 1 && !["SCRIPT", "STYLE", "TEMPLATE"].includes(node.nodeName)) {
      parts.push(" ");
      Array.from(node.childNodes).forEach(walk);
      parts.push(" ");
    }
  };
  walk(element);
  return parts.join("").replace(/\s+/g, " ").trim();
}
