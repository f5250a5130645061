import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import {
  SCRIPTS_WANTED_ATTRIBUTE,
  WANTED_NEAR,
  WANTED_NEAR_VIEWPORT,
} from "@/lib/scripts-on-demand";
import {
  AFTER_PAINT_ATTRIBUTE,
  SCRIPTS_LOADED_ATTRIBUTE,
  deferScriptsUntilFirstPaint,
} from "./after-paint";
import { attributeOf, scriptElementsOf } from "./html";

const HEAD = [
  "<!DOCTYPE html><html><head>",
  '<script src="/_next/static/chunks/one.js" async=""></script>',
  '<script src="/_next/static/chunks/two.js" async="" crossorigin=""></script>',
  "</head><body><h1>Hello</h1>",
].join("");
const PAYLOAD = "<script>(self.__next_f=self.__next_f||[]).push([0])</script></body></html>";
/** A page whose scripts start after the first frame on their own (the saved-quote page). */
const PAGE = `${HEAD}${PAYLOAD}`;
/** A calculator page: its scripts wait until the ZIP check or the calculator, inside #contact, is wanted. */
const CALCULATOR_PAGE = `${HEAD}<form ${SCRIPTS_WANTED_ATTRIBUTE}="touched"></form><section id="contact"><div ${SCRIPTS_WANTED_ATTRIBUTE}="near"><form></form></div></section>${PAYLOAD}`;
/** A page whose only part is wanted when touched. */
const TOUCHED_ONLY_PAGE = `${HEAD}<form ${SCRIPTS_WANTED_ATTRIBUTE}="touched"></form>${PAYLOAD}`;

type FakeScript = {
  attributes: Record<string, string>;
  async: boolean;
  onload: (() => void) | null;
  onerror: (() => void) | null;
};
type Listener = (event: { target: unknown }) => void;
type Observed = {
  callback: (entries: { isIntersecting: boolean }[]) => void;
  options: unknown;
  observed: unknown[];
};

/** An element of the stand-in page: inside a wanted part, or elsewhere (the header). */
const element = (inside: boolean) => ({
  closest: (selector: string) =>
    inside && selector === `[${SCRIPTS_WANTED_ATTRIBUTE}]` ? {} : null,
});

/**
 * The loader of a transformed page, run in a stand-in browser. The test plays the browser: it
 * finishes parsing, paints frames and runs the queued tasks, reports intersections, dispatches
 * events. As Firefox ESR on a city page opened at #contact, it never reports a paint.
 */
function browserWithLoader(
  html: string,
  { hidden = false, hash = "", intersectionObserver = true } = {},
) {
  const loader = scriptElementsOf(deferScriptsUntilFirstPaint(html)).find(
    (script) => attributeOf(script.element, AFTER_PAINT_ATTRIBUTE) !== undefined,
  )!;
  const frames: (() => void)[] = [];
  const timers: { run: () => void; delay: number }[] = [];
  const listeners = new Map<string, Listener[]>();
  const on = (type: string, listener: Listener) =>
    listeners.set(type, [...(listeners.get(type) ?? []), listener]);
  const fire = (type: string, target: unknown = null) =>
    (listeners.get(type) ?? []).forEach((listener) => listener({ target }));
  const inserted: FakeScript[] = [];
  const marks = new Set<string>();
  const observers: Observed[] = [];
  const nearPart = { tagName: "DIV" };
  const location = { hash };
  const document = {
    visibilityState: hidden ? "hidden" : "visible",
    readyState: "loading",
    currentScript: { getAttribute: (name: string) => attributeOf(loader.element, name) ?? null },
    createElement: (): FakeScript => {
      const script: FakeScript = { attributes: {}, async: false, onload: null, onerror: null };
      return Object.assign(script, {
        setAttribute: (name: string, value: string) => (script.attributes[name] = String(value)),
      });
    },
    head: { appendChild: (script: FakeScript) => inserted.push(script) },
    documentElement: { setAttribute: (name: string) => marks.add(name) },
    addEventListener: on,
    querySelectorAll: (selector: string) =>
      selector === `[${SCRIPTS_WANTED_ATTRIBUTE}=${WANTED_NEAR}]` &&
      html.includes(`${SCRIPTS_WANTED_ATTRIBUTE}="${WANTED_NEAR}"`)
        ? [nearPart]
        : [],
  };
  class IntersectionObserver {
    private readonly record: Observed;
    constructor(callback: Observed["callback"], options: unknown) {
      this.record = { callback, options, observed: [] };
      observers.push(this.record);
    }
    observe(target: unknown) {
      if (target !== nearPart) throw new Error("observes something else than the part wanted near");
      this.record.observed.push(target);
    }
    disconnect() {
      observers.splice(0);
    }
  }
  const window = {
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    addEventListener: on,
    ...(intersectionObserver ? { IntersectionObserver } : {}),
  };
  const setTimeout = (run: () => void, delay = 0) => timers.push({ run, delay });
  runInNewContext(loader.text, { document, window, location, setTimeout });
  return {
    inserted,
    marks,
    timers,
    observers,
    /** The parser reaches the end of the document. */
    parsed() {
      document.readyState = "interactive";
      fire("DOMContentLoaded");
    },
    /** The browser renders a frame, then runs the tasks that are due at once. */
    paintFrame() {
      frames.splice(0).forEach((callback) => callback());
      for (const timer of timers.filter((timer) => timer.delay === 0)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.run();
      }
    },
    /** The wanted part's intersection with the viewport grown by the observer's margin changes. */
    near(isIntersecting: boolean) {
      observers.forEach((observer) => observer.callback([{ isIntersecting }]));
    },
    event(type: "pointerdown" | "keydown" | "focusin", { inside }: { inside: boolean }) {
      fire(type, element(inside));
    },
    moveTo(fragment: string) {
      location.hash = fragment;
      fire("hashchange");
    },
    hide() {
      document.visibilityState = "hidden";
      fire("visibilitychange");
    },
  };
}

/** A loaded page: parsed and painted. */
function painted(html: string, options?: Parameters<typeof browserWithLoader>[1]) {
  const browser = browserWithLoader(html, options);
  browser.parsed();
  browser.paintFrame();
  return browser;
}

describe("the loader on a page whose scripts start on their own", () => {
  it("inserts nothing before the first frame", () => {
    expect(browserWithLoader(PAGE).inserted).toEqual([]);
  });

  it("inserts every script, in order and with its attributes, right after the first frame, with no timer left to wait on", () => {
    const browser = browserWithLoader(PAGE);
    browser.paintFrame();
    expect(browser.inserted.map((script) => script.attributes)).toEqual([
      { src: "/_next/static/chunks/one.js" },
      { src: "/_next/static/chunks/two.js", crossorigin: "" },
    ]);
    expect(browser.inserted.every((script) => script.async)).toBe(true);
    expect(browser.timers).toEqual([]);
    browser.paintFrame();
    expect(browser.inserted).toHaveLength(2);
    expect(browser.observers).toEqual([]);
  });

  it("loads at once on a page nobody sees (a background tab, a prerender), which paints no frame", () => {
    expect(browserWithLoader(PAGE, { hidden: true }).inserted).toHaveLength(2);
    const hiddenBeforeItsFirstFrame = browserWithLoader(PAGE);
    hiddenBeforeItsFirstFrame.hide();
    expect(hiddenBeforeItsFirstFrame.inserted).toHaveLength(2);
  });

  it("marks <html> once every script has loaded or failed", () => {
    const browser = browserWithLoader(PAGE);
    browser.paintFrame();
    const [one, two] = browser.inserted;
    one!.onload!();
    expect(browser.marks.has(SCRIPTS_LOADED_ATTRIBUTE)).toBe(false);
    two!.onerror!();
    expect(browser.marks.has(SCRIPTS_LOADED_ATTRIBUTE)).toBe(true);
  });
});

describe("the loader on a calculator page", () => {
  it("opened at the top, far from the calculator: loads nothing, and leaves no timer", () => {
    const browser = painted(CALCULATOR_PAGE);
    browser.near(false);
    browser.paintFrame();
    expect(browser.inserted).toEqual([]);
    expect(browser.timers).toEqual([]);
  });

  it("watches the calculator from one screen away, once the parser has reached it", () => {
    const browser = browserWithLoader(CALCULATOR_PAGE);
    expect(browser.observers).toEqual([]);
    browser.parsed();
    expect(browser.observers.map((observer) => observer.options)).toEqual([
      { rootMargin: WANTED_NEAR_VIEWPORT },
    ]);
  });

  it("loads every script once the calculator comes within a screen, and stops watching", () => {
    const browser = painted(CALCULATOR_PAGE);
    browser.near(true);
    expect(browser.inserted.map((script) => script.attributes.src)).toEqual([
      "/_next/static/chunks/one.js",
      "/_next/static/chunks/two.js",
    ]);
    expect(browser.observers).toEqual([]);
    browser.event("pointerdown", { inside: true });
    expect(browser.inserted).toHaveLength(2);
  });

  it("near before the first frame (a reload restored at the calculator): loads right after that frame", () => {
    const browser = browserWithLoader(CALCULATOR_PAGE);
    browser.parsed();
    browser.near(true);
    expect(browser.inserted).toEqual([]);
    browser.paintFrame();
    expect(browser.inserted).toHaveLength(2);
  });

  for (const type of ["pointerdown", "keydown", "focusin"] as const) {
    it(`loads on the first ${type} inside a wanted part, not on one elsewhere`, () => {
      const browser = painted(CALCULATOR_PAGE);
      browser.event(type, { inside: false });
      expect(browser.inserted).toEqual([]);
      browser.event(type, { inside: true });
      expect(browser.inserted).toHaveLength(2);
    });
  }

  it("opened at #contact: loads right after the first frame, before any observer has reported", () => {
    const browser = browserWithLoader(CALCULATOR_PAGE, { hash: "#contact" });
    browser.paintFrame();
    expect(browser.inserted).toHaveLength(2);
  });

  it("loads when a link moves the page to #contact, not to another section", () => {
    const browser = painted(CALCULATOR_PAGE);
    browser.moveTo("#pricing");
    expect(browser.inserted).toEqual([]);
    browser.moveTo("#contact");
    expect(browser.inserted).toHaveLength(2);
  });

  it("in a background tab: loads nothing until wanted, then at once", () => {
    const browser = browserWithLoader(CALCULATOR_PAGE, { hidden: true });
    browser.parsed();
    expect(browser.inserted).toEqual([]);
    browser.moveTo("#contact");
    expect(browser.inserted).toHaveLength(2);
  });

  it("a page whose only part is wanted when touched: watches nothing, loads when touched", () => {
    const browser = painted(TOUCHED_ONLY_PAGE);
    expect(browser.observers.map((observer) => observer.observed)).toEqual([[]]);
    expect(browser.inserted).toEqual([]);
    browser.event("focusin", { inside: true });
    expect(browser.inserted).toHaveLength(2);
  });

  it("in a browser without IntersectionObserver: loads once parsed, as a page without the calculator", () => {
    const browser = browserWithLoader(CALCULATOR_PAGE, { intersectionObserver: false });
    browser.parsed();
    browser.paintFrame();
    expect(browser.inserted).toHaveLength(2);
  });
});
