export type InlineSegment = { text: string; href?: string };

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Splits article text into plain runs and `[words](/path)` links. */
export function parseInline(text: string): InlineSegment[] {
  const segments: InlineSegment[] = [];
  let cursor = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, words, href] = match;
    if (match.index > cursor) segments.push({ text: text.slice(cursor, match.index) });
    if (words && href) segments.push({ text: words, href });
    cursor = match.index + whole.length;
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor) });
  return segments;
}

/** The text a reader sees, links reduced to their words. */
export function plainText(text: string): string {
  return parseInline(text)
    .map((segment) => segment.text)
    .join("");
}
