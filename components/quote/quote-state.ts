import { ADD_ONS, FREQUENCIES, type Frequency, type PaneRange } from "@shared/content/pricing";
import {
  CONTACT_FIELDS,
  PANE_RANGE_IDS,
  POST_CONSTRUCTION_ANSWERS,
  STORIES,
  type ContactField,
  type PostConstruction,
  type Stories,
} from "@shared/quote/choices";
import { NO_ADD_ONS, addOnSelection, quoteTotal, type AddOnSelection } from "@shared/quote/pricing";
import type { QuoteRequestInput } from "@shared/quote/schema";

/** The calculator's state and its transitions (docs/calculator.md, "Step transitions"), kept pure so they are unit-tested. */

export const STEP_COUNT = 6;
export type Step = 1 | 2 | 3 | 4 | 5 | 6 | "result";

export type Contact = Record<ContactField, string>;
/** `quoteUrl`: the link to the lead's own page, when the server offers one (docs/calculator.md, "Save your quote"). */
export type LeadHandle = {
  id: string;
  token: string;
  submitted: string;
  quoteUrl: string | null;
  /** The server e-mailed the visitor that link too (notifications on). */
  linkEmailed: boolean;
};
/** A submit of the contact step: its Idempotency-Key, reused while the same payload is retried. */
export type Attempt = { key: string; payload: string };

export type QuoteState = {
  step: Step;
  paneCount: PaneRange | null;
  frequency: Frequency | null;
  addOns: AddOnSelection;
  contact: Contact;
  isPostConstruction: PostConstruction | null;
  stories: Stories | null;
  /** The lead created at step 4; `submitted` is what was sent, so an unchanged resubmit is not a new lead. */
  lead: LeadHandle | null;
  /** The last submit attempt, kept across a failure or a reload so its retry is not a new lead. */
  attempt: Attempt | null;
};

export const EMPTY_CONTACT = Object.fromEntries(
  CONTACT_FIELDS.map((field) => [field, ""]),
) as Contact;

export const INITIAL_STATE: QuoteState = {
  step: 1,
  paneCount: null,
  frequency: null,
  addOns: NO_ADD_ONS,
  contact: EMPTY_CONTACT,
  isPostConstruction: null,
  stories: null,
  lead: null,
  attempt: null,
};

/** The answer of each one-choice step, by its field of the state (also its radio group's name). */
export type Choices = {
  paneCount: PaneRange;
  frequency: Frequency;
  isPostConstruction: PostConstruction;
  stories: Stories;
};
/** One such answer: `{ name: "frequency", value: "monthly" }`. */
export type Choice = { [N in keyof Choices]: { name: N; value: Choices[N] } }[keyof Choices];

export type QuoteAction =
  | ({ type: "choose" } & Choice)
  | { type: "toggleAddOn"; id: keyof AddOnSelection; on: boolean }
  | { type: "editContact"; field: keyof Contact; value: string }
  | { type: "attempt"; attempt: Attempt }
  | { type: "submitted"; lead: LeadHandle }
  | { type: "next" }
  | { type: "back" }
  | { type: "showResult" }
  | { type: "restore"; state: QuoteState }
  | { type: "reset" };

/** Whether the step's required choice is made (docs/calculator.md); the contact form is checked on submit. */
export function canContinue(state: QuoteState): boolean {
  switch (state.step) {
    case 1:
      return state.paneCount !== null;
    case 2:
      return state.frequency !== null;
    case 5:
      return state.isPostConstruction !== null;
    case 6:
      return state.stories !== null;
    default:
      return true;
  }
}

/** The steps in order (docs/calculator.md, "Step transitions"). */
const STEPS: readonly Step[] = [1, 2, 3, 4, 5, 6, "result"];

/**
 * What follows `step` once it is done, however it moves on (step 4 through its submit, step 6 to the
 * result): the view the calculator prepares, unseen, while `step` is on screen.
 */
export function stepAfter(step: Step): Step | null {
  return STEPS[STEPS.indexOf(step) + 1] ?? null;
}

/** Step 4 moves on only through a successful submit ("submitted"), step 6 only to the result. */
function nextStep(step: Step): Step | null {
  return step === 4 || step === 6 ? null : stepAfter(step);
}

/** Back from any step but the first; the result is left only through "Get Another Quote". */
function previousStep(step: Step): Step | null {
  return step === "result" ? null : (STEPS[STEPS.indexOf(step) - 1] ?? null);
}

export function quoteReducer(state: QuoteState, action: QuoteAction): QuoteState {
  switch (action.type) {
    case "choose":
      return { ...state, [action.name]: action.value };
    case "toggleAddOn":
      return { ...state, addOns: { ...state.addOns, [action.id]: action.on } };
    case "editContact":
      return { ...state, contact: { ...state.contact, [action.field]: action.value } };
    case "attempt":
      return { ...state, attempt: action.attempt };
    case "submitted":
      return { ...state, lead: action.lead, step: 5 };
    case "next": {
      const step = canContinue(state) ? nextStep(state.step) : null;
      return step ? { ...state, step } : state;
    }
    case "back": {
      const step = previousStep(state.step);
      return step ? { ...state, step } : state;
    }
    case "showResult":
      return state.step === 6 && canContinue(state) ? { ...state, step: "result" } : state;
    case "restore":
      return action.state;
    case "reset":
      return INITIAL_STATE;
  }
}

/** The POST /api/quote body the contact step sends (docs/leads.md); the last two answers are still empty then. */
export function quoteRequestFrom(state: QuoteState): QuoteRequestInput | null {
  if (!state.paneCount || !state.frequency) return null;
  return {
    ...state.contact,
    paneCount: state.paneCount,
    frequency: state.frequency,
    addOns: state.addOns,
    isPostConstruction: "",
    stories: "",
    totalPrice: quoteTotal(state.paneCount, state.frequency, state.addOns),
  };
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === "object" && value !== null;

function oneOf<T extends string | number>(options: readonly T[], value: unknown): T | null {
  return options.find((option) => option === value) ?? null;
}

function readContact(value: unknown): Contact | null {
  if (!isRecord(value)) return null;
  const contact = { ...EMPTY_CONTACT };
  for (const field of CONTACT_FIELDS) {
    const text = value[field];
    if (typeof text !== "string") return null;
    contact[field] = text;
  }
  return contact;
}

function readAttempt(value: unknown): Attempt | null {
  if (!isRecord(value)) return null;
  const { key, payload } = value;
  return typeof key === "string" && typeof payload === "string" ? { key, payload } : null;
}

function readLead(value: unknown): LeadHandle | null {
  if (!isRecord(value)) return null;
  const { id, token, submitted, quoteUrl, linkEmailed } = value;
  return typeof id === "string" && typeof token === "string" && typeof submitted === "string"
    ? {
        id,
        token,
        submitted,
        quoteUrl: typeof quoteUrl === "string" ? quoteUrl : null,
        linkEmailed: linkEmailed === true,
      }
    : null;
}

/**
 * Reads a state saved in sessionStorage (checked by hand: the calculator's first load carries no
 * schema library). Anything unreadable, or a step its answers do not reach, starts over.
 */
export function parseStoredState(text: string | null): QuoteState | null {
  let json: unknown;
  try {
    json = JSON.parse(text ?? "null");
  } catch {
    return null;
  }
  if (!isRecord(json) || !isRecord(json.addOns)) return null;
  const stored = json.addOns;
  if (ADD_ONS.some(({ id }) => typeof stored[id] !== "boolean")) return null;
  const addOns = addOnSelection((id) => stored[id] === true);
  const state: QuoteState = {
    step: oneOf(STEPS, json.step) ?? 1,
    paneCount: oneOf(PANE_RANGE_IDS, json.paneCount),
    frequency: oneOf(FREQUENCIES, json.frequency),
    addOns,
    contact: readContact(json.contact) ?? EMPTY_CONTACT,
    isPostConstruction: oneOf(POST_CONSTRUCTION_ANSWERS, json.isPostConstruction),
    stories: oneOf(STORIES, json.stories),
    lead: readLead(json.lead),
    attempt: readAttempt(json.attempt),
  };
  return reachable(state) ? state : null;
}

/** Whether every answer the saved step needs is there (steps 5-6 and the result also need the lead). */
function reachable(state: QuoteState): boolean {
  const { step } = state;
  if (step === 1) return true;
  if (!state.paneCount || (step !== 2 && !state.frequency)) return false;
  if (step === 2 || step === 3 || step === 4) return true;
  if (!state.lead) return false;
  return step === "result" ? Boolean(state.isPostConstruction && state.stories) : true;
}
