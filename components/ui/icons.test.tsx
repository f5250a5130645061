import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as icons from "./icons";

// The props the site passes (aria-hidden and classes), none at all, a duplicate class, and a
// named icon: each must render exactly as lucide-react's component would.
const PROPS = [
  { "aria-hidden": "true", className: "mt-0.5 size-5 shrink-0 text-brand-600" },
  {},
  { className: "lucide size-4" },
  { role: "img", "aria-label": "Named" },
] as const;

describe("server-drawn icons", () => {
  it.each(Object.entries(icons))("%s renders as lucide-react's own component", async (_, Icon) => {
    const { default: Lucide } = (await import(`lucide-react/icons/${Icon.lucideName}`)) as {
      default: ComponentType<Record<string, string>>;
    };
    for (const props of PROPS) {
      expect(renderToStaticMarkup(<Icon {...props} />)).toBe(
        renderToStaticMarkup(<Lucide {...props} />),
      );
    }
  });
});
