import { useEffect, useRef, useState, type Dispatch, type RefObject } from "react";
import { CONTACT_FIELDS } from "@shared/quote/choices";
import type { FieldIssue } from "./ContactStep";
import { msSinceFirstTouch } from "./first-touch";
import { loadSchema } from "./lazy";
import { MESSAGES, failureMessage, failureNote } from "./messages";
import { QUOTE_STORAGE_KEY, calculatorSession, catchUpWithLead } from "./quote-storage";
import { quoteRequestFrom, type QuoteAction, type QuoteState } from "./quote-state";
import { correctionOf, sendCorrection, sendNewQuote } from "./send-quote";
import type { FocusMove } from "./use-focus-move";

/** The field a validation message is about, with its label in view below the fixed header. */
function focusField(field: string | undefined): void {
  const input = field ? document.getElementById(`quote-${field}`) : null;
  input?.focus({ preventScroll: true });
  input?.scrollIntoView({ block: "center" });
}

type Say = (kind: "success" | "error", message: string) => void;

/**
 * The contact step's submit (docs/calculator.md, "Submitting"): validation, the lead's creation
 * with the session's Idempotency-Key or, after Back, its correction, and what the step shows
 * meanwhile and after.
 */
export function useContactSubmit(
  state: QuoteState,
  dispatch: Dispatch<QuoteAction>,
  moveFocusRef: RefObject<FocusMove | null>,
  say: Say,
  /** Shows the quote as it stands after a correction was not applied. */
  showKept: (kept: QuoteState | null) => void,
) {
  const [submitting, setSubmitting] = useState(false);
  const [invalid, setInvalid] = useState<FieldIssue | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Bot trap: the hidden field's input (the time trap's clock is first-touch.ts).
  const honeypotRef = useRef<HTMLInputElement>(null);

  // A field marked invalid keeps its message until the visitor's edit makes it pass its rule.
  const invalidField = invalid?.field;
  const invalidValue = invalidField ? state.contact[invalidField] : "";
  useEffect(() => {
    if (!invalidField) return;
    let current = true;
    loadSchema().then(
      ({ contactFieldIssue }) => {
        if (!current) return;
        const message = contactFieldIssue(invalidField, invalidValue);
        setInvalid((shown) =>
          message === shown?.message ? shown : message ? { field: invalidField, message } : null,
        );
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [invalidField, invalidValue]);

  /** A submit that failed: on the page, with the number to call, and as the spec's toast. */
  const fail = (retryAfterSeconds: number | null) => {
    setFailure(failureNote(retryAfterSeconds));
    say("error", failureMessage(retryAfterSeconds));
  };

  const onSubmit = async () => {
    const payload = quoteRequestFrom(state);
    if (!payload || submitting) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const { firstIssue, quoteRequestSchema } = await loadSchema();
      const parsed = quoteRequestSchema.safeParse(payload);
      if (!parsed.success) {
        const issue = firstIssue(parsed.error);
        const field = CONTACT_FIELDS.find((name) => name === issue.field);
        setInvalid(field ? { field, message: issue.message } : null);
        focusField(issue.field);
        say("error", issue.message);
        return;
      }
      setInvalid(null);
      const snapshot = JSON.stringify(parsed.data);
      if (state.lead?.submitted === snapshot) {
        // Back from step 5 and Continue again with nothing changed: the lead exists already.
        moveFocusRef.current = { to: "heading", from: 4 };
        dispatch({ type: "submitted", lead: state.lead });
        return;
      }
      if (state.lead) {
        // A correction after Back: an update of the same lead, never a new one.
        const submitted = quoteRequestSchema.parse(JSON.parse(state.lead.submitted));
        const corrected = await sendCorrection(state.lead, correctionOf(submitted, parsed.data));
        if (!corrected.ok) {
          if (!("conflict" in corrected)) return fail(corrected.retryAfterSeconds);
          setFailure(MESSAGES.notApplied);
          say("error", MESSAGES.notApplied);
          showKept(await catchUpWithLead());
          return;
        }
        moveFocusRef.current = { to: "heading", from: 4 };
        dispatch({ type: "submitted", lead: { ...corrected, submitted: snapshot } });
        say("success", MESSAGES.updated);
        return;
      }
      // The session's key: a retry, a reload mid-submit or a copied tab's submit is one lead.
      const attempt = { key: calculatorSession(), payload: snapshot };
      dispatch({ type: "attempt", attempt });
      // Saved now, not after the next render: a reload while the request runs must keep the key.
      sessionStorage.setItem(QUOTE_STORAGE_KEY, JSON.stringify({ ...state, attempt }));
      const created = await sendNewQuote(parsed.data, {
        idempotencyKey: attempt.key,
        honeypot: honeypotRef.current?.value ?? "",
        formMs: msSinceFirstTouch(),
      });
      if (!created.ok) {
        fail(created.retryAfterSeconds);
        return;
      }
      moveFocusRef.current = { to: "heading", from: 4 };
      dispatch({
        type: "submitted",
        lead: {
          id: created.id,
          token: created.token,
          submitted: snapshot,
          quoteUrl: created.quoteUrl,
          linkEmailed: created.linkEmailed,
        },
      });
      say("success", MESSAGES.success);
    } catch {
      // The schema could not load (offline): the failure the spec names; the next submit loads it again.
      fail(null);
    } finally {
      setSubmitting(false);
    }
  };

  /** A new quote: no message or failure of the last one stays. */
  const clear = () => {
    setInvalid(null);
    setFailure(null);
  };

  return { contact: { submitting, invalid, failure, honeypotRef, onSubmit }, clear };
}
