import {
  outsideMessage,
  servedMessage,
  ZIP_MALFORMED,
  zipNotFound,
} from "@/lib/service-area/messages";
import { SERVICE_AREA_PATH } from "@/lib/service-area/zip-code";
import type { ZipLookup } from "./look-up-zip";

/** What the ZIP check has to say: nothing asked yet, a field that is no ZIP code, or an answer. */
export type ZipShown =
  { status: "idle" } | { status: "malformed" } | { status: "checking"; zip: string } | ZipLookup;

type ZipAnswerWordsProps = {
  shown: ZipShown;
  /** Our state's code: a ZIP code elsewhere is named with its state. */
  homeState: string;
  phone: { display: string; href: string };
  /** The calculator to offer for a served ZIP code; by default its city page's. */
  quoteHref?: string;
  /** The page it is on: a served ZIP code's city page is not linked from that page itself. */
  currentPath: string;
  linkClass: string;
};

/**
 * The words of a ZIP code's answer (docs/pages.md, "Service area check"), with their links: the
 * hero's field says them as the visitor types, and `/service-area?zip=` at its top, rendered by
 * the server, for a visitor whose scripts had not run.
 */
export function ZipAnswerWords({
  shown,
  homeState,
  phone,
  quoteHref,
  currentPath,
  linkClass,
}: ZipAnswerWordsProps) {
  const link = (href: string, text: string) => (
    <a href={href} className={linkClass}>
      {text}
    </a>
  );
  const call = link(phone.href, phone.display);
  switch (shown.status) {
    case "idle":
      return <>See {link(SERVICE_AREA_PATH, "every ZIP code we serve")}.</>;
    case "malformed":
      return `${ZIP_MALFORMED}.`;
    case "checking":
      return `Checking ${shown.zip}…`;
    case "unknown":
      return (
        <>
          {zipNotFound(shown.zip)}. Check the digits, or call {call}.
        </>
      );
    case "failed":
      return (
        <>
          We could not check your ZIP code just now: see{" "}
          {link(SERVICE_AREA_PATH, "every ZIP code we serve")}, or call {call}.
        </>
      );
    case "found": {
      const found = shown.answer;
      if (!found.served) {
        return (
          <>
            {outsideMessage(found, homeState)} Call {call} to ask anyway.
          </>
        );
      }
      const quote = quoteHref ?? `${found.city.path}#contact`;
      return (
        <>
          {servedMessage(found, homeState)}{" "}
          {found.city.path === currentPath ? (
            <>{link(quote, "Get your instant quote")}.</>
          ) : (
            <>
              {link(found.city.path, `See window cleaning in ${found.city.name}`)} or{" "}
              {link(quote, "get your instant quote")}.
            </>
          )}
        </>
      );
    }
  }
}
