import type { ZipAnswer } from "@/lib/service-area/zip-code";

/** An answer of GET /api/service-area's shape: 33611 in Tampa, served, unless overridden. */
export const zipAnswer = (overrides: Partial<ZipAnswer> = {}): ZipAnswer => ({
  zip: "33611",
  place: "Tampa",
  state: "FL",
  served: true,
  city: { name: "Tampa", path: "/locations/tampa" },
  miles: 4,
  milesOutside: 0,
  ...overrides,
});
