import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      // Next's guard module throws outside a React Server build; unit tests run server code directly.
      "server-only": fileURLToPath(new URL("./tests/support/empty.ts", import.meta.url)),
    },
  },
  test: {
    include: ["{app,components,content,lib,scripts}/**/*.test.{ts,tsx}", "tests/unit/**/*.test.ts"],
    environment: "node",
  },
});
