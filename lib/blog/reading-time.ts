import type { Article } from "@/content/blog/types";
import { plainText } from "./inline";

export const WORDS_PER_MINUTE = 200;

export function countWords(text: string): number {
  return plainText(text)
    .split(/\s+/)
    .filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

/** Everything a reader reads below the title: intro, section headings, paragraphs and list items. */
export function articleTexts(article: Article): string[] {
  return [
    article.intro,
    ...article.sections.flatMap((section) => [
      section.heading,
      ...section.body.flatMap((block) => (typeof block === "string" ? block : block.list)),
    ]),
  ];
}

export function articleWordCount(article: Article): number {
  return articleTexts(article).reduce((sum, text) => sum + countWords(text), 0);
}

/** Minutes at WORDS_PER_MINUTE, rounded to the nearest minute (never below 1). */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
