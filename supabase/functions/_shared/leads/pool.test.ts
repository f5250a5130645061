import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { postgresTarget, preparedStatementsAllowed } from "./pool.ts";

describe("preparedStatementsAllowed", () => {
  it("is off through Supavisor's transaction mode (port 6543), on for a direct connection or session mode", () => {
    expect(
      preparedStatementsAllowed(
        "postgres://postgres.abcd:pw@aws-0-us-east-1.pooler.supabase.com:6543/postgres",
      ),
    ).toBe(false);
    expect(
      preparedStatementsAllowed("postgresql://site:pw@db.abcd.supabase.co:6543/postgres"),
    ).toBe(false);
    for (const url of [
      "postgres://postgres.abcd:pw@aws-0-us-east-1.pooler.supabase.com:5432/postgres",
      "postgres://site:pw@db.abcd.supabase.co:5432/postgres",
      "postgres://postgres@localhost/postgres?host=%2Fsrv%2Fdata%2Frun",
    ]) {
      expect(preparedStatementsAllowed(url), url).toBe(true);
    }
  });
});

describe("postgresTarget", () => {
  it("turns libpq's socket form (the embedded store's DATABASE_URL) into postgres.js's socket path", () => {
    const target = postgresTarget(
      "postgres://postgres@localhost:5432/postgres?host=%2Fsrv%2Fsite%2Fdata%2Fpostgres%2Frun",
    );
    expect(target).toEqual({
      url: "postgres://postgres@localhost:5432/postgres",
      path: "/srv/site/data/postgres/run/.s.PGSQL.5432",
    });
    // What postgres.js makes of it: the socket, and no `host` setting sent to the server.
    const sql = postgres(target.url, { path: target.path });
    expect(sql.options.path).toBe("/srv/site/data/postgres/run/.s.PGSQL.5432");
    expect(sql.options.connection).not.toHaveProperty("host");
  });

  it("leaves every other URL to postgres.js as it is", () => {
    for (const url of [
      "postgres://postgres:p%40ss@db.example.supabase.co:5432/postgres",
      "postgres://u:p@h1:5432,h2:5433/db",
      "postgres://u@localhost/db?sslmode=require",
    ]) {
      expect(postgresTarget(url)).toEqual({ url });
    }
  });
});
