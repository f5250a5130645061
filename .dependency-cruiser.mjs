import { globSync, readFileSync } from "node:fs";

/**
 * The layer rules, checked by `npm run check:imports` (dependency-cruiser; README, "Layout").
 *
 * The browser island is every module marked "use client" (what Next bundles for the browser),
 * read from the source so that a new client component is covered without editing this file.
 */
const islands = globSync("{app,components}/**/*.tsx").filter((file) =>
  /^\s*["']use client["']/.test(readFileSync(file, "utf8")),
);
const exactly = (files) =>
  `^(${files.map((file) => file.replaceAll(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})$`;

/** @type {import("dependency-cruiser").IConfiguration} */
const config = {
  forbidden: [
    {
      name: "no-cycle",
      comment: "No import cycle among the project's modules, type-only imports included.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "content-imports-only-content",
      comment: "content/ is data the code reads: it imports only content/ (and packages).",
      severity: "error",
      from: { path: "^content/" },
      to: { pathNot: ["^content/", "^node_modules/"], dependencyTypesNot: ["core"] },
    },
    {
      name: "lib-below-ui",
      comment: "lib/ never imports components/ or app/: the UI uses lib, never the other way.",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^(components|app)/" },
    },
    {
      name: "island-without-server-code",
      comment:
        'The browser island ("use client" modules and all they import) never reaches the lead code (lib/leads/) or any module marked server-only.',
      severity: "error",
      from: { path: islands.length > 0 ? exactly(islands) : "^$" },
      to: { path: ["^lib/leads/", "^node_modules/server-only/"], reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^\\.next" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
};

export default config;
