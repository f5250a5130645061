/** The techniques (docs/pages.md, "Home page"), in the order a visit uses them. Icons are chosen by `id` in the UI. */
export type Technique = {
  id: "t-bar" | "water-fed-pole" | "squeegee" | "screens";
  title: string;
  summary: string;
};

export const TECHNIQUES = [
  {
    id: "t-bar",
    title: "Hand cleaning with a T-bar mop",
    summary:
      "A soft T-bar mop and cleaning solution loosen pollen, salt spray and lovebug residue by hand, so every corner of the glass gets attention.",
  },
  {
    id: "water-fed-pole",
    title: "Water-fed pole with deionized water",
    summary:
      "For high windows we rinse from the ground with purified, deionized water. With no minerals left in it, the glass dries spot-free and nobody climbs a ladder.",
  },
  {
    id: "squeegee",
    title: "Squeegee finish",
    summary:
      "A professional squeegee pulls the water off in clean, overlapping strokes, and the edges are detailed with a lint-free cloth for a streak-free finish.",
  },
  {
    id: "screens",
    title: "Screen cleaning",
    summary:
      "Screens come out, get brushed and washed to clear dust and pollen, and go back in place, so clean glass stays clean behind them.",
  },
] as const satisfies readonly Technique[];
