import type { TestProject } from "vitest/node";
import { startTestPostgres } from "./test-postgres";

/**
 * Vitest's global setup: one throwaway PostgreSQL for the unit tests that run the lead routes on
 * the store (app/api/quote/route.test.ts); each such file makes a database of its own from it
 * (createTestDatabase).
 */
export default async function setup(project: TestProject) {
  const postgres = await startTestPostgres();
  project.provide("postgresAdminUrl", postgres.adminUrl);
  return () => postgres.destroy();
}

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}
