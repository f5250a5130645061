"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { PRICE_LOCK_DAYS, firstVisitSaving, formatUsd } from "@shared/content/pricing";
import { SITE } from "@/content/site";
import { planPrice, quoteTotal } from "@shared/quote/pricing";
import type { QuoteKey, SavedQuote } from "@/lib/quote/saved-quote";
import type { KnownClosedDays, VisitWindow } from "@/lib/quote/visit-window";
import { followSavedQuote } from "@/components/quote/quote-storage";
import { PlanChoices } from "./PlanChoices";
import { SavedQuoteSummary } from "./SavedQuoteSummary";
import { loadSavedQuote, saveQuoteChange, type Saved } from "./saved-quote-api";
import { sameSelection, selectionOf, withChanges, type SelectionChange } from "./selection";
import { useOnReturn } from "./use-on-return";
import { useQuoteLink } from "./use-quote-link";
import { VisitWindowForm } from "./VisitWindowForm";

/** A change on its way, with the total the page showed once it was made (docs/leads.md). */
type Unsaved = { change: SelectionChange; shownTotal: number };

type View =
  | { status: "loading" }
  | { status: "not_found" }
  | { status: "failed"; message: string | null }
  | { status: "found"; key: QuoteKey; quote: SavedQuote };

/** docs/pages.md, "Saved quote", word for word. */
export const SAVED_QUOTE_TEXT = {
  loading: "Loading your quote…",
  noScript: "Your quote needs JavaScript",
  noScriptHelp: `This page fetches your quote with JavaScript, which is turned off in this browser. Turn it on and reload the page, or call us on ${SITE.phone.display} and we will go over your quote with you.`,
  notFound: "We couldn't find this quote",
  notFoundHelp:
    "The link may be incomplete: check that you copied all of it. You can also get a new quote below, or call us.",
  failed: "We couldn't load your quote just now",
  /** When no answer came; a server that answered is quoted instead. */
  failedHelp: "Check your connection and try again, or call us.",
  expired: "This quote has expired",
  expiredHelp: `Prices are held for ${PRICE_LOCK_DAYS} days. Get a fresh quote below (it takes a minute), or call us.`,
  saved: "Saved. Your quote is up to date.",
  changedElsewhere:
    "It was also changed in another tab or on another device: this is how it stands now.",
  saveFailed: "We couldn't save that change. Please try again or call us.",
} as const;

const HEADING = "text-2xl font-bold text-brand-900 focus:outline-none";
/** Held just below the fixed header (h-16) while the plan and add-on cards are on screen. */
const CHOICES_BAR =
  "sticky top-16 z-10 rounded-b-2xl border-b border-slate-200 bg-white/95 py-3 shadow-sm backdrop-blur";

/**
 * The saved-quote page's live part: reads the lead's id and token from the URL fragment (never
 * sent to the server), loads the quote, and saves the visitor's changes one at a time, in order,
 * each as the one field it changed, so a change made in another tab since this one loaded is kept
 * and then shown, never overwritten. A tab brought back to the front loads the quote again.
 * `closedDays`: the holidays the visit window skips, computed at build.
 */
export function SavedQuotePage({ closedDays }: { closedDays: KnownClosedDays }) {
  const [view, setView] = useState<View>({ status: "loading" });
  // The visitor's changes the server has not answered yet, in order: the first one is in flight.
  const [unsaved, setUnsaved] = useState<readonly Unsaved[]>([]);
  const queue = useRef<readonly Unsaved[]>([]);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState("");
  const [alert, setAlert] = useState("");
  const inFlight = useRef(false);
  // The quote as the server last confirmed it: what a refused change falls back to.
  const confirmed = useRef<SavedQuote | null>(null);
  const expiredHeading = useRef<HTMLHeadingElement>(null);
  const focusExpired = useRef(false);

  const setQueue = useCallback((next: readonly Unsaved[]) => {
    queue.current = next;
    setUnsaved(next);
  }, []);

  const applySaved = useCallback((key: QuoteKey, next: SavedQuote) => {
    confirmed.current = next;
    // The calculator in this tab, if it sent this lead, shows it as it now stands.
    followSavedQuote(key.id, next);
    setView((current) => (current.status === "found" ? { ...current, quote: next } : current));
  }, []);

  // Bumped to load again: "Try again", or another quote's link pasted into the address.
  const [attempt, setAttempt] = useState(0);

  const reload = useCallback(() => {
    setView({ status: "loading" });
    setQueue([]);
    setStatus("");
    setAlert("");
    setAttempt((count) => count + 1);
  }, [setQueue]);

  const quoteKey = useQuoteLink(reload);

  useEffect(() => {
    if (!focusExpired.current || !expiredHeading.current) return;
    focusExpired.current = false;
    expiredHeading.current.focus();
  });

  useEffect(() => {
    let current = true;
    const key = quoteKey();
    void loadSavedQuote(key).then((loaded) => {
      if (!current) return;
      if (key && loaded.status === "found") {
        confirmed.current = loaded.quote;
        followSavedQuote(key.id, loaded.quote);
        setView({ status: "found", key, quote: loaded.quote });
      } else if (loaded.status !== "found") setView(loaded);
    });
    return () => {
      current = false;
    };
  }, [attempt, quoteKey]);

  const shownKey = view.status === "found" ? view.key : null;
  // Back in front: the quote as it stands now, unless this page's own change is on its way or was
  // answered meanwhile (that answer is newer). A load that fails keeps what is shown.
  const showCurrent = useCallback(async () => {
    const before = confirmed.current;
    if (!shownKey || inFlight.current) return;
    const loaded = await loadSavedQuote(shownKey);
    if (loaded.status !== "found" || inFlight.current || confirmed.current !== before) return;
    if (quoteKey() !== shownKey || JSON.stringify(loaded.quote) === JSON.stringify(before)) return;
    applySaved(shownKey, loaded.quote);
    setAlert("");
    setStatus(SAVED_QUOTE_TEXT.changedElsewhere);
  }, [shownKey, quoteKey, applySaved]);
  useOnReturn(showCurrent);

  if (view.status === "loading") {
    return (
      <>
        <noscript>
          <div role="alert">
            <h2 className={HEADING}>{SAVED_QUOTE_TEXT.noScript}</h2>
            <p className="mt-2 text-slate-700">{SAVED_QUOTE_TEXT.noScriptHelp}</p>
          </div>
        </noscript>
        {/* Said only where scripts run: without them nothing would ever load. */}
        <p role="status" className="noscript:hidden">
          {SAVED_QUOTE_TEXT.loading}
        </p>
      </>
    );
  }
  if (view.status !== "found") {
    const [title, help] =
      view.status === "not_found"
        ? [SAVED_QUOTE_TEXT.notFound, SAVED_QUOTE_TEXT.notFoundHelp]
        : [
            SAVED_QUOTE_TEXT.failed,
            (view.status === "failed" && view.message) || SAVED_QUOTE_TEXT.failedHelp,
          ];
    return (
      <div role="alert">
        <h2 className={HEADING}>{title}</h2>
        <p className="mt-2 text-slate-700">{help}</p>
        {view.status === "failed" ? (
          <button
            type="button"
            onClick={reload}
            className="mt-4 min-h-11 font-semibold text-brand-800 underline"
          >
            Try again
          </button>
        ) : null}
      </div>
    );
  }

  const { key, quote } = view;
  // What the page shows: the server's quote with the visitor's changes still on their way.
  const selection = withChanges(
    selectionOf(quote),
    unsaved.map(({ change }) => change),
  );

  /** Sends the visitor's changes, one request at a time, in the order they were made. */
  const flush = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSaving(true);
    let elsewhere = false;
    try {
      for (let next = queue.current[0]; next; next = queue.current[0]) {
        // What the answer holds if nothing else changed the quote meanwhile.
        const expected = withChanges(selectionOf(confirmed.current ?? quote), [next.change]);
        const saved = await saveQuoteChange(key, { ...next.change, totalPrice: next.shownTotal });
        if (saved.status !== "saved") {
          setQueue([]);
          refused(saved);
          return;
        }
        elsewhere ||= !sameSelection(selectionOf(saved.quote), expected);
        setQueue(queue.current.slice(1));
        applySaved(key, saved.quote);
      }
      setStatus(
        elsewhere
          ? `${SAVED_QUOTE_TEXT.saved} ${SAVED_QUOTE_TEXT.changedElsewhere}`
          : SAVED_QUOTE_TEXT.saved,
      );
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  /** A change the server did not take: back to what it holds, and say why. */
  const refused = (saved: Exclude<Saved, { status: "saved" }>) => {
    if (saved.status === "expired") {
      applySaved(key, { ...(confirmed.current ?? quote), expired: true });
      // What the visitor pressed is gone with the choices: the news takes focus instead.
      focusExpired.current = true;
    }
    // Changed elsewhere first: the quote as it stands, and the change said not applied.
    if (saved.status === "conflict") applySaved(key, saved.quote);
    setStatus("");
    setAlert(saved.status === "failed" ? SAVED_QUOTE_TEXT.saveFailed : saved.message);
  };

  // Every price on the page is the lead's held one, and the total their sum (docs/pages.md, "Saved quote").
  const sheet = quote.priceSheet;
  const choose = (change: SelectionChange) => {
    const shown = withChanges(selection, [change]);
    const shownTotal = quoteTotal(quote.paneCount, shown.frequency, shown.addOns, sheet);
    setQueue([...queue.current, { change, shownTotal }]);
    setAlert("");
    setStatus("Saving…");
    void flush();
  };

  /** The form says the outcome beside its button; an expired quote is said at the top. */
  const askForWindow = async (visitWindow: VisitWindow): Promise<string | null> => {
    setSaving(true);
    const saved = await saveQuoteChange(key, { visitWindow });
    setSaving(false);
    if (saved.status === "saved") {
      applySaved(key, saved.quote);
      return null;
    }
    if (saved.status === "expired") refused(saved);
    return saved.status === "failed" ? SAVED_QUOTE_TEXT.saveFailed : saved.message;
  };

  const priced = quote.isPostConstruction !== "yes";
  // The server's figures once it has priced what is shown; the same table's meanwhile.
  const settled = unsaved.length === 0;
  const total = settled
    ? quote.totalPrice
    : quoteTotal(quote.paneCount, selection.frequency, selection.addOns, sheet);
  const choices = priced && !quote.expired;
  return (
    <div className="space-y-8">
      {quote.expired ? (
        <div className="rounded-2xl bg-sun-300/60 p-5">
          <h2 ref={expiredHeading} tabIndex={-1} className={HEADING}>
            {SAVED_QUOTE_TEXT.expired}
          </h2>
          <p className="mt-1 text-slate-800">{SAVED_QUOTE_TEXT.expiredHelp}</p>
        </div>
      ) : null}
      <SavedQuoteSummary
        quote={quote}
        frequency={selection.frequency}
        addOns={selection.addOns}
        total={total}
        saving={
          settled
            ? quote.firstVisitSaving
            : firstVisitSaving(quote.paneCount, selection.frequency, planPrice(sheet))
        }
      />
      {/* Beside the choices, the total and what became of the last tap stay in view below the fixed
          header wherever the visitor tapped (a phone shows the summary's total far above); a card
          reached by keyboard scrolls clear of both (docs/pages.md, "Saved quote"). */}
      <div className={choices ? "space-y-6 [&_input]:scroll-mt-44" : undefined}>
        <div className={choices ? CHOICES_BAR : undefined}>
          {choices ? (
            <p className="text-slate-900">
              Total{" "}
              <strong className="text-lg text-brand-800" data-testid="saved-quote-bar-total">
                {formatUsd(total)}
              </strong>
            </p>
          ) : null}
          <p role="status" className="font-semibold text-brand-800">
            {status}
          </p>
          <p role="alert" className="font-semibold text-red-800">
            {alert}
          </p>
        </div>
        {choices ? (
          <PlanChoices
            paneCount={quote.paneCount}
            frequency={selection.frequency}
            addOns={selection.addOns}
            sheet={sheet}
            onChange={choose}
          />
        ) : null}
      </div>
      {quote.expired ? null : (
        <VisitWindowForm
          current={quote.visitWindow}
          closedDays={closedDays}
          lastDate={quote.validUntil}
          saving={saving}
          onSubmit={askForWindow}
        />
      )}
    </div>
  );
}
