/**
 * `npm run tools`: installs the measuring tools that are not dependencies (./install-tool.ts)
 * into .tools/ now rather than on first use: Lighthouse (the perf and Lighthouse stages) and
 * Mozilla's Observatory (tests/server/observatory.spec.ts). `npm test` runs it in the background
 * while its first stages run, so that on a fresh clone no later stage waits for the npm registry.
 * Does nothing for a tool already installed.
 */
import { lighthouseDir } from "./perf/host-benchmark";
import { installObservatory } from "./security/observatory";

lighthouseDir();
installObservatory();
