/**
 * Local proof (docs/pages.md, "Local proof"): the business's own jobs and reviews, by town, each
 * shown on that town's page. Only real work goes here, never the sample reviews of
 * content/reviews.ts; lib/locations/local-proof.ts checks every entry when the site is built.
 *
 * An entry, newest anywhere in the list:
 *   {
 *     town: "safety-harbor",            // a slug of content/locations.ts
 *     neighbourhood: "Harbor Woods",    // optional
 *     month: "2026-03",                 // YYYY-MM, not in the future
 *     work: "Inside and out on a two-story pool home, screens and tracks included.",
 *     review: { quote: "Word for word, as the customer wrote it.", name: "Maria G." }, // optional
 *     photo: {                          // optional; the file in public/proof/
 *       src: "/proof/safety-harbor-2026-03.jpg",
 *       alt: "What the photo shows, for a visitor who cannot see it",
 *       width: 1200,
 *       height: 900,
 *     },
 *   },
 */
export type LocalProofEntry = {
  town: string;
  neighbourhood?: string;
  month: string;
  work: string;
  review?: { quote: string; name: string };
  photo?: { src: string; alt: string; width: number; height: number };
};

/** Empty until the owner adds real jobs: no page shows invented proof. */
export const LOCAL_PROOF: readonly LocalProofEntry[] = [];
