import type { Variants } from "@/content/location-conditions";
import { jaccard, shingles } from "@/lib/seo/similarity";

/** A piece of a page's text: fixed, or a choice between alternative wordings of the same facts. */
export type Piece = string | Variants<string>;

const alternatives = (piece: Piece): Variants<string> =>
  typeof piece === "string" ? [piece] : piece;

function textOf(pieces: readonly Piece[], choice: readonly number[]): string {
  return pieces.map((piece, index) => alternatives(piece)[choice[index] ?? 0] ?? "").join(" ");
}

/** The worst (then the total) similarity of one page against all the others. */
function scoreAgainst(own: Set<string>, others: readonly Set<string>[]): [number, number] {
  const scores = others.map((other) => jaccard(own, other));
  return [Math.max(0, ...scores), scores.reduce((sum, score) => sum + score, 0)];
}

/**
 * Chooses one wording per piece for every page so that pages read as differently as possible:
 * coordinate descent on each page's highest word-5-gram similarity to any other page. Pages are
 * visited in a fixed order from a fixed start, so every build worker gets the same result.
 */
export function chooseWordings(pages: readonly (readonly Piece[])[], passes = 2): number[][] {
  const choices = pages.map((pieces, page) =>
    pieces.map((piece, index) => (page + index) % alternatives(piece).length),
  );
  const sets = pages.map((pieces, page) => shingles(textOf(pieces, choices[page] ?? [])));
  for (let pass = 0; pass < passes; pass += 1) {
    let changed = false;
    pages.forEach((pieces, page) => {
      const choice = choices[page] ?? [];
      const others = sets.filter((_, other) => other !== page);
      pieces.forEach((piece, index) => {
        const count = alternatives(piece).length;
        if (count < 2) return;
        const original = choice[index] ?? 0;
        let best = {
          variant: original,
          score: [Infinity, Infinity] as [number, number],
          set: sets[page],
        };
        for (let variant = 0; variant < count; variant += 1) {
          choice[index] = variant;
          const set = shingles(textOf(pieces, choice));
          const score = scoreAgainst(set, others);
          if (
            score[0] < best.score[0] - 1e-9 ||
            (Math.abs(score[0] - best.score[0]) < 1e-9 && score[1] < best.score[1])
          ) {
            best = { variant, score, set };
          }
        }
        if (best.variant !== original) changed = true;
        choice[index] = best.variant;
        if (best.set) sets[page] = best.set;
      });
    });
    if (!changed) break;
  }
  return choices;
}
