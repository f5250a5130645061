import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import {
  AFTER_PAINT_ATTRIBUTE,
  SCRIPTS_LOADED_ATTRIBUTE,
  deferScriptsUntilFirstPaint,
} from "./after-paint";
import { attributeOf, scriptElementsOf } from "./html";

const PAGE = [
  "<!DOCTYPE html><html><head>",
  '<script src="/_next/static/chunks/one.js" async=""></script>',
  '<script src="/_next/static/chunks/two.js" async="" crossorigin=""></script>',
  "</head><body><h1>Hello</h1><script>(self.__next_f=self.__next_f||[]).push([0])</script></body></html>",
].join("");

type FakeScript = {
  attributes: Record<string, string>;
  async: boolean;
  onload: (() => void) | null;
  onerror: (() => void) | null;
};

/**
 * The loader of a transformed page, run in a stand-in browser that supports Paint Timing but never
 * reports a paint, as Firefox ESR on a city page opened at #contact. The test plays the browser:
 * it paints frames and runs the queued tasks.
 */
function browserWithLoader({ hidden = false } = {}) {
  const html = deferScriptsUntilFirstPaint(PAGE);
  const loader = scriptElementsOf(html).find(
    (script) => attributeOf(script.element, AFTER_PAINT_ATTRIBUTE) !== undefined,
  )!;
  const frames: (() => void)[] = [];
  const timers: { run: () => void; delay: number }[] = [];
  const visibilityListeners: (() => void)[] = [];
  const inserted: FakeScript[] = [];
  const marks = new Set<string>();
  const document = {
    visibilityState: hidden ? "hidden" : "visible",
    currentScript: { getAttribute: (name: string) => attributeOf(loader.element, name) ?? null },
    createElement: (): FakeScript => {
      const script: FakeScript = { attributes: {}, async: false, onload: null, onerror: null };
      return Object.assign(script, {
        setAttribute: (name: string, value: string) => (script.attributes[name] = String(value)),
      });
    },
    head: { appendChild: (script: FakeScript) => inserted.push(script) },
    documentElement: { setAttribute: (name: string) => marks.add(name) },
    addEventListener: (type: string, listener: () => void) => {
      if (type === "visibilitychange") visibilityListeners.push(listener);
    },
  };
  class PerformanceObserver {
    static supportedEntryTypes = ["paint"];
    observe() {}
    disconnect() {}
  }
  const window = {
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    PerformanceObserver,
  };
  const setTimeout = (run: () => void, delay = 0) => timers.push({ run, delay });
  runInNewContext(loader.text, { document, window, setTimeout, PerformanceObserver });
  return {
    document,
    inserted,
    marks,
    timers,
    /** The browser renders a frame, then runs the tasks that are due at once. */
    paintFrame() {
      frames.splice(0).forEach((callback) => callback());
      for (const timer of timers.filter((timer) => timer.delay === 0)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.run();
      }
    },
    hide() {
      document.visibilityState = "hidden";
      visibilityListeners.forEach((listener) => listener());
    },
  };
}

describe("the after-paint loader", () => {
  it("inserts nothing before the first frame", () => {
    expect(browserWithLoader().inserted).toEqual([]);
  });

  it("inserts every script, in order and with its attributes, right after the first frame, with no timer left to wait on", () => {
    const browser = browserWithLoader();
    browser.paintFrame();
    expect(browser.inserted.map((script) => script.attributes)).toEqual([
      { src: "/_next/static/chunks/one.js" },
      { src: "/_next/static/chunks/two.js", crossorigin: "" },
    ]);
    expect(browser.inserted.every((script) => script.async)).toBe(true);
    expect(browser.timers).toEqual([]);
    browser.paintFrame();
    expect(browser.inserted).toHaveLength(2);
  });

  it("loads at once on a page nobody sees (a background tab, a prerender), which paints no frame", () => {
    expect(browserWithLoader({ hidden: true }).inserted).toHaveLength(2);
    const hiddenBeforeItsFirstFrame = browserWithLoader();
    hiddenBeforeItsFirstFrame.hide();
    expect(hiddenBeforeItsFirstFrame.inserted).toHaveLength(2);
  });

  it("marks <html> once every script has loaded or failed", () => {
    const browser = browserWithLoader();
    browser.paintFrame();
    const [one, two] = browser.inserted;
    one!.onload!();
    expect(browser.marks.has(SCRIPTS_LOADED_ATTRIBUTE)).toBe(false);
    two!.onerror!();
    expect(browser.marks.has(SCRIPTS_LOADED_ATTRIBUTE)).toBe(true);
  });
});
