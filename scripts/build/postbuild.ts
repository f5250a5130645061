/**
 * Runs after `next build` (see package.json "build"): the post-build steps of ./steps.ts.
 * The build folder is NEXT_DIST_DIR, as in next.config.ts (default .next).
 */
import { runPostBuildSteps } from "./steps";

runPostBuildSteps(process.env.NEXT_DIST_DIR || ".next", console.log);
