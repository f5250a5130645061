import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseHTML } from "linkedom";
import * as lucide from "lucide";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Icon } from "./Icon";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Every icon the site imports from "lucide", read from the source of app/ and components/. */
function iconsInUse(): string[] {
  const files = ["app", "components"].flatMap((dir) =>
    readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => readFileSync(path.join(ROOT, dir, file), "utf8")),
  );
  const names = files.flatMap((source) =>
    [...source.matchAll(/import \{([^}]*)\} from "lucide";/g)].flatMap(([, list = ""]) =>
      list
        .split(",")
        .map((name) => name.trim())
        .filter((name) => name && !name.startsWith("type ")),
    ),
  );
  return [...new Set(names)].sort();
}

type Drawn = { tag: string; attributes: Record<string, string>; children: Drawn[] };

function described(element: Element): Drawn {
  return {
    tag: element.tagName.toLowerCase(),
    attributes: Object.fromEntries([...element.attributes].map((a) => [a.name, a.value])),
    children: [...element.children].map(described),
  };
}

// Lucide's own drawing: its createElement builds the SVG in a DOM (linkedom's, here).
const { document } = parseHTML("<!doctype html><html><body></body></html>");
beforeAll(() => Object.assign(globalThis, { document }));
afterAll(() => Reflect.deleteProperty(globalThis, "document"));

function ours(element: ReactElement): Drawn {
  const host = document.createElement("div");
  host.innerHTML = renderToStaticMarkup(element);
  const svg = host.firstElementChild;
  if (!svg) throw new Error("rendered nothing");
  return described(svg);
}

const used = iconsInUse();

describe("server-drawn icons", () => {
  it("finds the icons the pages import", () => {
    expect(used).toEqual(expect.arrayContaining(["Phone", "Check", "ChevronDown"]));
  });

  it.each(used)("%s draws as Lucide's own createElement does", (name) => {
    const node = (lucide as unknown as Record<string, lucide.IconNode>)[name];
    expect(node, `"lucide" exports ${name}`).toBeDefined();
    if (!node) return;
    // As the pages draw it: decorative (the text beside it says what it means), with classes.
    const className = "mt-0.5 size-5 shrink-0 text-brand-600";
    expect(ours(<Icon icon={node} className={className} />)).toEqual(
      described(lucide.createElement(node, { "aria-hidden": "true", class: className })),
    );
  });

  it("hides an unnamed icon from assistive technology and leaves a named one readable", () => {
    expect(ours(<Icon icon={lucide.Phone} />).attributes["aria-hidden"]).toBe("true");
    const named = ours(<Icon icon={lucide.Phone} role="img" aria-label="Call us" />);
    expect(named.attributes).toMatchObject({ role: "img", "aria-label": "Call us" });
    expect(named.attributes).not.toHaveProperty("aria-hidden");
  });
});
