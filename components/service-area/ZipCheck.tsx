"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { readZipField, SERVICE_AREA_PATH } from "@/lib/service-area/zip-code";
import { lookUpZip } from "./look-up-zip";
import { ZipAnswerWords, type ZipShown } from "./ZipAnswerWords";

export type ZipCheckProps = {
  /** The hero it sits in: light (home) or dark (city pages). */
  tone: "light" | "dark";
  /** Our state's code: a ZIP code elsewhere is named with its state. */
  homeState: string;
  phone: { display: string; href: string };
  /** The page's own calculator. */
  quoteHref: string;
  /** The page it is on: a served ZIP code's city page is not linked from that page itself. */
  currentPath: string;
};

const TONES = {
  light: {
    label: "text-slate-900",
    answer: "text-slate-800",
    link: "font-semibold text-brand-800 underline underline-offset-2",
    button: "bg-brand-700 text-white hover:bg-brand-800",
  },
  dark: {
    label: "text-white",
    answer: "text-brand-100",
    link: "font-semibold text-white underline underline-offset-2",
    button: "bg-white text-brand-900 hover:bg-brand-50",
  },
} as const;

/**
 * "Check your ZIP code" (docs/pages.md, "Service area check"): answers as the fifth digit is typed,
 * from the server's API, in a live region whose space is reserved so nothing below it moves.
 * Without JavaScript the form opens the list of the ZIP codes we serve.
 */
export function ZipCheck({ tone, homeState, phone, quoteHref, currentPath }: ZipCheckProps) {
  const inputId = useId();
  const answerId = useId();
  const input = useRef<HTMLInputElement>(null);
  const asking = useRef<AbortController | null>(null);
  const askedZip = useRef<string | null>(null);
  const [shown, setShown] = useState<ZipShown>({ status: "idle" });
  const styles = TONES[tone];

  function respond(value: string, submitted: boolean) {
    const read = readZipField(value);
    // The digits of a ZIP+4 after the fifth leave the answer about the ZIP code as it is.
    if (typeof read === "object" && read.zip === askedZip.current && !submitted) return;
    asking.current?.abort();
    askedZip.current = typeof read === "object" ? read.zip : null;
    if (read === "partial") {
      setShown({ status: submitted ? "malformed" : "idle" });
      return;
    }
    if (read === "malformed") {
      setShown({ status: "malformed" });
      return;
    }
    const controller = new AbortController();
    asking.current = controller;
    setShown({ status: "checking", zip: read.zip });
    void lookUpZip(read.zip, controller.signal).then((lookup) => {
      if (lookup && !controller.signal.aborted) setShown(lookup);
    });
  }

  // Digits typed before the scripts arrived are answered once they have.
  useEffect(() => {
    if (input.current?.value) respond(input.current.value, false);
    return () => asking.current?.abort();
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    respond(input.current?.value ?? "", true);
  }

  return (
    <form action={SERVICE_AREA_PATH} method="get" onSubmit={onSubmit} className="max-w-xl">
      <label htmlFor={inputId} className={`block font-semibold ${styles.label}`}>
        Check your ZIP code
      </label>
      <div className="mt-2 flex gap-2">
        <input
          ref={input}
          id={inputId}
          name="zip"
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          enterKeyHint="go"
          aria-describedby={answerId}
          aria-invalid={shown.status === "malformed" ? true : undefined}
          onChange={(event) => respond(event.target.value, false)}
          className="block min-h-11 w-36 rounded-xl border-2 border-slate-300 bg-white px-4 py-2 text-base text-slate-900 hover:border-slate-400 focus-visible:border-brand-600 aria-[invalid=true]:border-red-700"
        />
        <button
          type="submit"
          className={`min-h-11 rounded-full px-5 font-semibold ${styles.button}`}
        >
          Check
        </button>
      </div>
      {/* Room for the longest answer (four lines on a phone, three wider), so nothing below moves. */}
      <p id={answerId} role="status" className={`mt-2 min-h-24 sm:min-h-18 ${styles.answer}`}>
        <ZipAnswerWords
          shown={shown}
          homeState={homeState}
          phone={phone}
          quoteHref={quoteHref}
          currentPath={currentPath}
          linkClass={styles.link}
        />
      </p>
    </form>
  );
}
