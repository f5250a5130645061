import { readdirSync } from "node:fs";
import path from "node:path";

/** The folder of a build that holds its prerendered App Router pages. */
export const appDirOf = (distDir: string) => path.join(distDir, "server", "app");

/** Every prerendered HTML file of a build (pages, the 404 and the global-error page). */
export const prerenderedHtmlFiles = (distDir: string) =>
  readdirSync(appDirOf(distDir), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".html"))
    .sort()
    .map((file) => path.join(appDirOf(distDir), file));

/** The file in the build folder that a `/_next/…` asset URL serves. */
export function builtAssetFile(distDir: string, url: string): string {
  const pathname = new URL(url, "http://x").pathname;
  return path.join(distDir, decodeURIComponent(pathname.replace(/^\/_next\//, "")));
}

/** The URL path a prerendered HTML file answers: index.html is "/", blog/a.html is "/blog/a". */
export function routeOf(distDir: string, file: string): string {
  const relative = path.relative(appDirOf(distDir), file).split(path.sep).join("/");
  const route = `/${relative.replace(/\.html$/, "")}`;
  return route === "/index" ? "/" : route;
}
