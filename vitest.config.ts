import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      "@shared": fileURLToPath(new URL("./supabase/functions/_shared", import.meta.url)),
      // Next's guard module throws outside a React Server build; unit tests run server code directly.
      "server-only": fileURLToPath(new URL("./tests/support/empty.ts", import.meta.url)),
    },
  },
  test: {
    include: [
      "{app,components,content,lib,scripts}/**/*.test.{ts,tsx}",
      "supabase/functions/_shared/**/*.test.ts",
      "tests/unit/**/*.test.ts",
    ],
    environment: "node",
    // The tests share nothing through the module cache (docs/testing.md): one module graph per
    // worker, not one per file, saves most of the run's module loading.
    isolate: false,
    // One throwaway PostgreSQL for the tests that run the lead routes on the store.
    globalSetup: ["./tests/support/vitest-postgres.ts"],
    // Bounds, not expectations: room for a machine twice as slow as usual (a busy 2-core CI host),
    // where a test that computes every city page's copy can take several seconds.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
