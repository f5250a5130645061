import { ADD_ONS, FREQUENCIES, type Frequency, type PaneRange } from "@shared/content/pricing";
import {
  ISO_DATE,
  PANE_RANGE_IDS,
  PARTS_OF_DAY,
  POST_CONSTRUCTION_ANSWERS,
  STORIES,
  type PostConstruction,
  type Stories,
} from "@shared/quote/choices";
import { addOnSelection, type AddOnSelection } from "@shared/quote/pricing";
import type { PriceSheet } from "@shared/quote/locked-price";
import type { VisitWindow } from "./visit-window";

/**
 * The saved-quote page's side of `GET /api/quote/{id}` (docs/leads.md): where the page lives, how
 * its link carries the lead, and the quote the API answers, checked by hand (the page carries no
 * schema library).
 */

export const SAVED_QUOTE_PATH = "/my-quote";

/** The lead's id and token, carried in the link's fragment: `#<id>.<token>`. */
export type QuoteKey = { id: string; token: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TOKEN = /^[A-Za-z0-9_-]{16,512}$/;
/** What a link pasted from a sentence drags along (". ) , ! \" ’ >"): nothing a token is made of. */
const TRAILING = /[^A-Za-z0-9_-]+$/;

export function quoteFragment(key: QuoteKey): string {
  return `#${key.id}.${key.token}`;
}

/** The fragment as typed: browsers percent-encode some characters of it (`"` as `%22`). */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The id and token of a saved-quote link's fragment (`location.hash`), or null for anything else.
 * Punctuation after the token is left out: a link copied from a sentence keeps working.
 */
export function parseQuoteFragment(hash: string): QuoteKey | null {
  const text = decoded(hash.startsWith("#") ? hash.slice(1) : hash).replace(TRAILING, "");
  const dot = text.indexOf(".");
  const id = text.slice(0, dot).toLowerCase();
  const token = text.slice(dot + 1);
  return dot > 0 && UUID.test(id) && TOKEN.test(token) ? { id, token } : null;
}

/** A quote as its page shows it. E-mail and phone come masked; the price is the server's. */
export type SavedQuote = {
  firstName: string;
  address: string;
  email: string;
  phone: string;
  paneCount: PaneRange;
  frequency: Frequency;
  addOns: AddOnSelection;
  isPostConstruction: PostConstruction | null;
  stories: Stories | null;
  totalPrice: number;
  firstVisitSaving: number;
  /** The prices the quote is held to, each plan's for its pane range and each add-on's: every price the page shows. */
  priceSheet: PriceSheet;
  /** When the quote was requested (ISO time). */
  requestedAt: string;
  /** The last day the price is honoured ("YYYY-MM-DD"). */
  validUntil: string;
  expired: boolean;
  visitWindow: VisitWindow | null;
};

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === "object" && value !== null;
const isText = (value: unknown): value is string => typeof value === "string";
const isAmount = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0;

function oneOf<T extends string>(options: readonly T[], value: unknown): T | undefined {
  return options.find((option) => option === value);
}

function readVisitWindow(value: unknown): VisitWindow | null | undefined {
  if (value === null) return null;
  if (!isRecord(value) || !isText(value.earliestDate) || !ISO_DATE.test(value.earliestDate)) {
    return undefined;
  }
  const partOfDay = oneOf(PARTS_OF_DAY, value.partOfDay);
  return partOfDay ? { earliestDate: value.earliestDate, partOfDay } : undefined;
}

/** `keys` of `from`, each a whole number of dollars, or null. */
function amounts(from: Json, keys: readonly string[]): Record<string, number> | null {
  const found: Record<string, number> = {};
  for (const key of keys) {
    const amount = from[key];
    if (!isAmount(amount)) return null;
    found[key] = amount;
  }
  return found;
}

/** The answer's prices for `range`: every plan's and every add-on's of today's table, or null. */
function readPriceSheet(value: unknown, range: PaneRange): PriceSheet | null {
  if (!isRecord(value) || !isRecord(value.plans) || !isRecord(value.addOns)) return null;
  const plans = value.plans[range];
  const planPrices = isRecord(plans) ? amounts(plans, FREQUENCIES) : null;
  const addOnPrices = amounts(
    value.addOns,
    ADD_ONS.map(({ id }) => id),
  );
  return planPrices && addOnPrices ? { plans: { [range]: planPrices }, addOns: addOnPrices } : null;
}

/** The `quote` of the API's answer, or null when it is not one (a page never trusts by cast). */
export function parseSavedQuote(value: unknown): SavedQuote | null {
  if (!isRecord(value) || !isRecord(value.addOns)) return null;
  const { addOns, firstName, address, email, phone, requestedAt, validUntil } = value;
  if (ADD_ONS.some(({ id }) => typeof addOns[id] !== "boolean")) return null;
  const paneCount = oneOf(PANE_RANGE_IDS, value.paneCount);
  const frequency = oneOf(FREQUENCIES, value.frequency);
  const visitWindow = readVisitWindow(value.visitWindow);
  const isPostConstruction =
    value.isPostConstruction === null
      ? null
      : oneOf(POST_CONSTRUCTION_ANSWERS, value.isPostConstruction);
  const stories = value.stories === null ? null : oneOf(STORIES, value.stories);
  const priceSheet = paneCount && readPriceSheet(value.priceSheet, paneCount);
  if (
    !paneCount ||
    !priceSheet ||
    !frequency ||
    visitWindow === undefined ||
    isPostConstruction === undefined ||
    stories === undefined ||
    !isText(firstName) ||
    !isText(address) ||
    !isText(email) ||
    !isText(phone) ||
    !isText(requestedAt) ||
    !isText(validUntil) ||
    !isAmount(value.totalPrice) ||
    !isAmount(value.firstVisitSaving) ||
    typeof value.expired !== "boolean"
  ) {
    return null;
  }
  return {
    firstName,
    address,
    email,
    phone,
    requestedAt,
    validUntil,
    paneCount,
    frequency,
    addOns: addOnSelection((id) => addOns[id] === true),
    isPostConstruction,
    stories,
    totalPrice: value.totalPrice,
    firstVisitSaving: value.firstVisitSaving,
    priceSheet,
    expired: value.expired,
    visitWindow,
  };
}
