import path from "node:path";
import { scriptsAfterPaint } from "../build/after-paint";
import { appDirOf, prerenderedHtmlFiles } from "../build/dist";

export type PrerenderedPage = { route: string; htmlFile: string };

/** Every prerendered HTML page of a build, as the route a visitor requests. */
export function listPrerenderedPages(distDir: string): PrerenderedPage[] {
  const pages: PrerenderedPage[] = [];
  for (const htmlFile of prerenderedHtmlFiles(distDir)) {
    const relative = path.relative(appDirOf(distDir), htmlFile).slice(0, -".html".length);
    if (relative === "_global-error") continue; // The framework floor, measured on its own.
    const route =
      relative === "index" ? "/" : relative === "_not-found" ? "/_not-found" : `/${relative}`;
    pages.push({ route, htmlFile });
  }
  return pages.sort((a, b) => a.route.localeCompare(b.route));
}

/**
 * The script and stylesheet URLs an HTML document loads: its `<script src>` tags and the scripts
 * its loader inserts after the first paint (scripts/build/after-paint.ts). `noModule` scripts are
 * legacy polyfills that modern browsers never download, so they are left out.
 */
export function referencedAssets(html: string): { scripts: string[]; styles: string[] } {
  const scripts = [...html.matchAll(/<script([^>]*)\ssrc="([^"]+)"[^>]*>/g)]
    .filter((m) => !/nomodule/i.test(m[0]))
    .map((m) => m[2]!)
    .concat(scriptsAfterPaint(html) ?? []);
  const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map(
    (m) => m[1]!,
  );
  return { scripts: [...new Set(scripts)], styles: [...new Set(styles)] };
}
