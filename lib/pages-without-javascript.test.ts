import { describe, expect, it } from "vitest";
import { PLANS } from "@/content/plans";
import { planPagePath } from "@/lib/plans/plan-page";
import { routeWithoutJavaScript } from "./pages-without-javascript";

describe("routeWithoutJavaScript", () => {
  it("knows the plan pages, the locations hub, the blog index, every article and the 404", () => {
    for (const plan of PLANS) expect(routeWithoutJavaScript(planPagePath(plan))).toBeDefined();
    expect(routeWithoutJavaScript("/locations")).toBe("/locations");
    expect(routeWithoutJavaScript("/blog")).toBe("/blog");
    expect(routeWithoutJavaScript("/blog/any-article")).toBe("/blog/[slug]");
    expect(routeWithoutJavaScript("/_not-found")).toBe("/_not-found");
  });

  it("leaves out the pages with the calculator, and deeper paths than a pattern has", () => {
    for (const pathname of ["/", "/locations/tampa", "/blog/a/b", "/blogs", "/_global-error"]) {
      expect(routeWithoutJavaScript(pathname)).toBeUndefined();
    }
  });
});
