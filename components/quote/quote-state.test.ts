import { describe, expect, it } from "vitest";
import { PRICE_TABLE } from "@shared/content/pricing";
import {
  INITIAL_STATE,
  canContinue,
  parseStoredState,
  quoteReducer,
  quoteRequestFrom,
  stepAfter,
  type Choice,
  type QuoteAction,
  type QuoteState,
} from "./quote-state";

const run = (...actions: QuoteAction[]) => actions.reduce(quoteReducer, INITIAL_STATE);
const choose = (choice: Choice): QuoteAction => ({ type: "choose", ...choice });
const lead = {
  id: "id-1",
  token: "token-1",
  submitted: "{}",
  quoteUrl: "https://suncoastshine.example/my-quote#id-1.token-1",
  linkEmailed: true,
};

describe("calculator flow", () => {
  it("gates Continue on the step's required choice; add-ons are optional", () => {
    expect(run({ type: "next" }).step).toBe(1);
    const two = run(choose({ name: "paneCount", value: "41-60" }), { type: "next" });
    expect(two.step).toBe(2);
    expect(quoteReducer(two, { type: "next" }).step).toBe(2);
    const three = quoteReducer(quoteReducer(two, choose({ name: "frequency", value: "monthly" })), {
      type: "next",
    });
    expect(three.step).toBe(3);
    expect(canContinue(three)).toBe(true);
    expect(quoteReducer(three, { type: "next" }).step).toBe(4);
  });

  it("leaves step 4 only through a successful submit, and step 6 only for the result", () => {
    const four: QuoteState = { ...INITIAL_STATE, step: 4, paneCount: "0-25", frequency: "initial" };
    expect(quoteReducer(four, { type: "next" }).step).toBe(4);
    const five = quoteReducer(four, { type: "submitted", lead });
    expect(five).toMatchObject({ step: 5, lead });
    expect(quoteReducer(five, { type: "next" }).step).toBe(5);
    const six = quoteReducer(
      quoteReducer(five, choose({ name: "isPostConstruction", value: "no" })),
      {
        type: "next",
      },
    );
    expect(six.step).toBe(6);
    expect(quoteReducer(six, { type: "next" }).step).toBe(6);
    expect(quoteReducer(six, { type: "showResult" }).step).toBe(6);
    const withStories = quoteReducer(six, choose({ name: "stories", value: "3" }));
    expect(quoteReducer(withStories, { type: "next" }).step).toBe(6);
    const result = quoteReducer(withStories, { type: "showResult" });
    expect(result.step).toBe("result");
    expect(quoteReducer(result, { type: "back" }).step).toBe("result");
  });

  it("names, for each step, the view its way forward shows (what is prepared unseen meanwhile)", () => {
    const forward: QuoteAction[] = [
      choose({ name: "paneCount", value: "26-40" }),
      { type: "next" },
      choose({ name: "frequency", value: "quarterly" }),
      { type: "next" },
      { type: "next" },
      { type: "submitted", lead },
      choose({ name: "isPostConstruction", value: "yes" }),
      { type: "next" },
      choose({ name: "stories", value: "2" }),
      { type: "showResult" },
    ];
    const seen = forward.reduce(
      (states, action) => [...states, quoteReducer(states.at(-1)!, action)],
      [INITIAL_STATE],
    );
    const steps = [...new Set(seen.map((state) => state.step))];
    expect(steps).toEqual([1, 2, 3, 4, 5, 6, "result"]);
    for (const [index, step] of steps.entries())
      expect(stepAfter(step)).toBe(steps[index + 1] ?? null);
  });

  it("goes back one step at a time, keeping every answer, and resets to nothing", () => {
    const four = run(
      choose({ name: "paneCount", value: "26-40" }),
      { type: "next" },
      choose({ name: "frequency", value: "biannual" }),
      { type: "next" },
      { type: "toggleAddOn", id: "screens", on: true },
      { type: "next" },
      { type: "editContact", field: "name", value: "Ann" },
    );
    const two = quoteReducer(quoteReducer(four, { type: "back" }), { type: "back" });
    expect(two).toMatchObject({
      step: 2,
      paneCount: "26-40",
      frequency: "biannual",
      contact: { name: "Ann" },
    });
    expect(quoteReducer(run(), { type: "back" }).step).toBe(1);
    expect(quoteReducer(four, { type: "reset" })).toEqual(INITIAL_STATE);
  });

  it("sends the create payload with the table's total and the last two answers empty", () => {
    expect(quoteRequestFrom(INITIAL_STATE)).toBeNull();
    const state = run(
      choose({ name: "paneCount", value: "61-80" }),
      choose({ name: "frequency", value: "quarterly" }),
      { type: "toggleAddOn", id: "interior", on: true },
      { type: "editContact", field: "email", value: "a@b.co" },
    );
    expect(quoteRequestFrom(state)).toEqual({
      name: "",
      phone: "",
      email: "a@b.co",
      address: "",
      message: "",
      paneCount: "61-80",
      frequency: "quarterly",
      addOns: { interior: true, screens: false, tracks: false },
      isPostConstruction: "",
      stories: "",
      totalPrice: PRICE_TABLE["61-80"].quarterly + 100,
    });
  });
});

describe("parseStoredState", () => {
  const saved: QuoteState = {
    ...INITIAL_STATE,
    step: 6,
    paneCount: "0-25",
    frequency: "monthly",
    isPostConstruction: "yes",
    lead,
  };

  it("restores what was saved", () => {
    expect(parseStoredState(JSON.stringify(saved))).toEqual(saved);
    // Progress saved before the link existed, or by a server that offers none, keeps its lead.
    const older = { id: lead.id, token: lead.token, submitted: lead.submitted };
    expect(parseStoredState(JSON.stringify({ ...saved, lead: older }))).toEqual({
      ...saved,
      lead: { ...lead, quoteUrl: null, linkEmailed: false },
    });
    expect(parseStoredState(JSON.stringify(INITIAL_STATE))).toEqual(INITIAL_STATE);
  });

  it.each([
    ["nothing", null],
    ["not JSON", "{"],
    ["a step 5 without its lead", JSON.stringify({ ...saved, step: 5, lead: null })],
    ["a result without its answers", JSON.stringify({ ...saved, step: "result", stories: null })],
    ["a step 3 without a plan", JSON.stringify({ ...saved, step: 3, frequency: null })],
    ["a broken add-on", JSON.stringify({ ...saved, addOns: { interior: "yes" } })],
  ])("starts over from %s", (_case, text) => {
    expect(parseStoredState(text)).toBeNull();
  });

  it("drops unknown values instead of trusting them", () => {
    const restored = parseStoredState(
      JSON.stringify({ ...saved, step: 2, frequency: "weekly", stories: "9" }),
    );
    expect(restored).toMatchObject({ step: 2, frequency: null, stories: null });
  });

  it("keeps a submit attempt's Idempotency-Key across a reload, and forgets it on reset", () => {
    const attempt = { key: "6f1c1f7e-8d0a-4b8e-9a57-2f4f0f6f7a11", payload: '{"name":"Ann"}' };
    const four = { ...saved, step: 4, lead: null, attempt } satisfies QuoteState;
    expect(parseStoredState(JSON.stringify(four))?.attempt).toEqual(attempt);
    expect(parseStoredState(JSON.stringify({ ...four, attempt: { key: 1 } }))?.attempt).toBeNull();
    expect(quoteReducer(four, { type: "reset" }).attempt).toBeNull();
    expect(quoteReducer(INITIAL_STATE, { type: "attempt", attempt }).attempt).toEqual(attempt);
  });
});
