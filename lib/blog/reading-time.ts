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
  const texts = [article.intro];
  for (const section of article.sections) {
    texts.push(section.heading);
    for (const block of section.body) {
      if (typeof block === "string") texts.push(block);
      else texts.push(...block.list);
    }
  }
  return texts;
}

export function articleWordCount(article: Article): number {
  return articleTexts(article).reduce((sum, text) => sum + countWords(text), 0);
}

/** Minutes at WORDS_PER_MINUTE, rounded to the nearest minute (never below 1). */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
