import type { LocalProofEntry } from "@/content/local-proof";

/** A job as the owner would enter it, every field filled: the tests' stand-in for real proof. */
export const FULL_JOB = {
  town: "safety-harbor",
  neighbourhood: "Harbor Woods",
  month: "2026-03",
  work: "Inside and out on a two-story pool home, screens and tracks included.",
  review: { quote: "Spotless, and they covered the pool deck.", name: "Maria G." },
  photo: {
    src: "/proof/safety-harbor-2026-03.jpg",
    alt: "A two-story home's clean rear windows over a pool",
    width: 1200,
    height: 900,
  },
} as const satisfies LocalProofEntry;
