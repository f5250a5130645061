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

/** Doorway-page guard: the maximum word-5-gram Jaccard similarity allowed between two city pages. */
export const MAX_CITY_PAGE_SIMILARITY = 0.35;
