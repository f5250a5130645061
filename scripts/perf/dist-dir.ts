/**
 * The build `npm run perf` measures: the one named by --dist; else the current `.next` with
 * --skip-build; else a build of its own, kept apart from the developer's `.next`.
 */
export function perfDistDir(options: {
  dist?: string;
  "skip-build"?: boolean;
  webpack?: boolean;
}): string {
  if (options.dist) return options.dist;
  if (options["skip-build"]) return ".next";
  return options.webpack ? ".next-perf-webpack" : ".next-perf";
}
