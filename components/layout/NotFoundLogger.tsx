import { NOT_FOUND_LOG_SCRIPT } from "@/lib/pages-without-javascript";

/**
 * Logs the missing path for whoever debugs a broken link (a warning, not an error: the page itself
 * works). The 404 page ships no JavaScript bundle, so this is one inline script, allowed by its
 * hash in the page's Content-Security-Policy (docs/pages.md, "Pages without JavaScript").
 */
export function NotFoundLogger() {
  return <script dangerouslySetInnerHTML={{ __html: NOT_FOUND_LOG_SCRIPT }} />;
}
