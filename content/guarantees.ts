import { SITE } from "@/content/site";

/** The guarantees, worded as docs/decisions.md, "Copy consistency" says; every number comes from SITE. */
export type Guarantee = {
  id: "satisfaction" | "rain" | "hard-water";
  title: string;
  summary: string;
  /** The short term a visitor scans for, e.g. "48-hour refund window". */
  term: string;
};

export const GUARANTEES = [
  {
    id: "satisfaction",
    title: "100% Satisfaction Guarantee",
    summary: `If any area falls short, tell us within ${SITE.refundWindowHours} hours. We come back and re-clean it free of charge, and if you are still not happy you can request a refund.`,
    term: `${SITE.refundWindowHours}-hour refund window`,
  },
  {
    id: "rain",
    title: `${SITE.rainGuaranteeDays}-Day Rain Guarantee`,
    summary: `Florida weather has its own plans. If it rains within ${SITE.rainGuaranteeDays} days of a plan service, we come back and re-clean for free.`,
    term: "On every plan service",
  },
  {
    id: "hard-water",
    title: "Free Hard Water Removal",
    summary: `Plan members get hard water stain removal included on every plan service at no extra charge, a ${SITE.freeHardWaterValue} value.`,
    term: `${SITE.freeHardWaterValue} value, on plan services`,
  },
] as const satisfies readonly Guarantee[];
