import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  DOCS_FILE,
  docsTable,
  sameFigure,
  tableDifferences,
  weightRows,
  type WeighedBuild,
  type WeighedPage,
} from "./weights-table";

const KB = 1024;
const page = (route: string, figures: Partial<WeighedPage> = {}): WeighedPage => ({
  route,
  calculator: false,
  withoutJavaScript: false,
  onLoad: { jsGzip: 0, scripts: 0 },
  scrolled: { jsGzip: 0, scripts: 0 },
  overFloor: 0,
  budget: 3 * KB,
  atContactStep: null,
  htmlGzip: 10 * KB,
  cssGzip: 8.4 * KB,
  ...figures,
});
const calculatorPage = (route: string, htmlKb: number) =>
  page(route, {
    calculator: true,
    scrolled: { jsGzip: 146.5 * KB, scripts: 7 },
    overFloor: 14.1 * KB,
    budget: 25 * KB,
    atContactStep: { jsGzip: 172.8 * KB, scripts: 9 },
    htmlGzip: htmlKb * KB,
  });
const withoutJavaScript = (route: string, htmlKb: number) =>
  page(route, { withoutJavaScript: true, htmlGzip: htmlKb * KB, budget: 3 * KB });

const BUILD: WeighedBuild = {
  floor: 132.4 * KB,
  floorScripts: 5,
  pages: [
    calculatorPage("/", 40.1),
    calculatorPage("/locations/tampa", 24.3),
    calculatorPage("/locations/largo", 23.7),
    page("/my-quote", {
      onLoad: { jsGzip: 143.3 * KB, scripts: 6 },
      scrolled: { jsGzip: 143.3 * KB, scripts: 6 },
      budget: 15 * KB,
      htmlGzip: 11.7 * KB,
    }),
    withoutJavaScript("/blog", 6.1),
    withoutJavaScript("/_not-found", 4.7),
  ],
};

describe("the page weights table in docs/performance.md", () => {
  it("groups the pages as the table does, each figure its pages' range", () => {
    expect(weightRows(BUILD)).toEqual([
      ["framework floor (`global-error`)", "132.4 KB, 5 files", "—", "—", "—", "—", "—"],
      [
        "`/`",
        "0, no file",
        "146.5 KB, 7 files (+14.1 KB)",
        "no file on load; +25 KB at it",
        "172.8 KB, 9 files",
        "40.1 KB",
        "8.4 KB",
      ],
      [
        "`/locations/*` (2 pages)",
        "0, no file",
        "146.5 KB, 7 files (+14.1 KB)",
        "no file on load; +25 KB at it",
        "172.8 KB, 9 files",
        "23.7–24.3 KB",
        "8.4 KB",
      ],
      ["`/my-quote`", "143.3 KB, 6 files", "the same", "+15 KB", "—", "11.7 KB", "8.4 KB"],
      [
        "plan pages, `/locations`, `/blog`, articles, `/service-area`, `/privacy`, 404 (2 pages)",
        "0, no file",
        "0, no file",
        "no script file",
        "—",
        "4.7–6.1 KB",
        "8.4 KB",
      ],
    ]);
  });

  it("refuses a page that no row takes, so a new kind of page gets its row", () => {
    const pages = [...BUILD.pages, page("/gallery")];
    expect(() => weightRows({ ...BUILD, pages })).toThrow(/takes \/gallery/);
  });

  it("accepts a size one rounding step away (the build's random id), and nothing more", () => {
    expect(sameFigure("40.1 KB", "40.2 KB")).toBe(true);
    expect(sameFigure("41.1 KB", "40.1 KB")).toBe(false);
    expect(sameFigure("146.5 KB, 7 files", "146.5 KB, 8 files")).toBe(false);
    expect(sameFigure("0, no file", "146.5 KB, 7 files")).toBe(false);
    expect(sameFigure("23.7–24.3 KB", "23.7–24.4 KB")).toBe(true);
  });

  it("names each stale figure, and rewrites the table to the measure", () => {
    const measured = weightRows(BUILD);
    const stale = measured.map((row) => [...row]);
    stale[1]![5] = "41.1 KB";
    const markdown = [
      "## Page weights",
      "",
      "| page | on load | at the calculator | budget | by step 4 | HTML | CSS |",
      "| --- | --- | --- | --- | --- | --- | --- |",
      ...stale.map((row) => `| ${row.join(" | ")} |`),
      "",
      "After the table.",
    ].join("\n");
    const table = docsTable(markdown);
    expect(tableDifferences(table.rows, measured)).toEqual(['"`/`": "41.1 KB" is now "40.1 KB"']);
    const rewritten = table.withRows(measured);
    expect(docsTable(rewritten).rows).toEqual(measured);
    expect(rewritten.endsWith("\n\nAfter the table.")).toBe(true);
  });

  it("reads the docs' own table: its rows are the ones the measure writes", () => {
    const { rows } = docsTable(readFileSync(DOCS_FILE, "utf8"));
    expect(rows.map((row) => row.length)).toEqual(weightRows(BUILD).map((row) => row.length));
    expect(rows.map((row) => row[0]?.replace(/\d+ pages/, "N pages"))).toEqual(
      weightRows(BUILD).map((row) => row[0]?.replace(/\d+ pages/, "N pages")),
    );
  });
});
