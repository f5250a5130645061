import { describe, expect, it } from "vitest";
import { campaignCookieValue, campaignFromCookie, landingCampaign } from "./campaign-cookie";

const OWN = ["suncoastshine.com", "127.0.0.1:3000"];
const at = (path: string) => new URL(path, "https://suncoastshine.com");

describe("landingCampaign", () => {
  it("keeps an ad's parameters and its referrer, with the landing page's path", () => {
    expect(
      landingCampaign(
        at("/locations/tampa?utm_source=google&utm_medium=cpc&gclid=abc&other=1"),
        "https://www.google.com/",
        OWN,
      ),
    ).toEqual({
      utm_source: "google",
      utm_medium: "cpc",
      gclid: "abc",
      referrer: "https://www.google.com/",
      landingPage: "/locations/tampa",
    });
  });

  it("keeps another site's link without parameters", () => {
    expect(landingCampaign(at("/blog"), "https://news.example/story", OWN)).toEqual({
      referrer: "https://news.example/story",
      landingPage: "/blog",
    });
  });

  it("sees no campaign in a direct visit, nor in a move between this site's pages", () => {
    expect(landingCampaign(at("/monthly-plan"), null, OWN)).toBeNull();
    expect(landingCampaign(at("/"), "https://suncoastshine.com/blog", OWN)).toBeNull();
    expect(landingCampaign(at("/"), "http://127.0.0.1:3000/", OWN)).toBeNull();
    expect(landingCampaign(at("/"), "not a url", OWN)).toBeNull();
  });

  it("leaves out a value the shared schema refuses instead of cutting it short", () => {
    expect(
      landingCampaign(at(`/?utm_source=${"s".repeat(201)}&utm_medium=cpc`), null, OWN),
    ).toEqual({ utm_medium: "cpc", landingPage: "/" });
    expect(landingCampaign(at(`/?utm_source=${"s".repeat(201)}`), null, OWN)).toBeNull();
  });
});

describe("the cookie's value", () => {
  it("carries a campaign there and back, whatever its characters", () => {
    const campaign = {
      utm_campaign: 'spring sale; 20% off, "now"',
      referrer: "https://www.google.com/",
      landingPage: "/locations/st-pete",
    };
    const value = campaignCookieValue(campaign);
    expect(value).not.toMatch(/[\s;,"\\]/);
    expect(campaignFromCookie(value)).toEqual(campaign);
  });

  it("reads nothing from an empty, foreign or forged value", () => {
    expect(campaignFromCookie(undefined)).toBeUndefined();
    expect(campaignFromCookie("")).toBeUndefined();
    expect(campaignFromCookie("foo=bar")).toBeUndefined();
    expect(campaignFromCookie("landingPage=//evil.example")).toBeUndefined();
  });
});
