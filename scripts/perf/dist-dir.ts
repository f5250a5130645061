/** The build `npm run perf` measures: --dist; else `.next` with --skip-build; else its own. */
export const perfDistDir = (options: { dist?: string; "skip-build"?: boolean }) =>
  options.dist ?? (options["skip-build"] ? ".next" : ".next-perf");
