import { bestWindowCleaningTechniquesFlorida } from "./best-window-cleaning-techniques-florida";
import { howOftenCleanWindowsTampaBay } from "./how-often-clean-windows-tampa-bay";
import { professionalVsDiyWindowCleaning } from "./professional-vs-diy-window-cleaning";
import { removeHardWaterStainsWindows } from "./remove-hard-water-stains-windows";
import type { Article } from "./types";
import { windowCleaningNearMeTampaBay } from "./window-cleaning-near-me-tampa-bay";
import { windowCleaningStPeteClearwaterTampa } from "./window-cleaning-st-pete-clearwater-tampa";

/** The six articles (docs/decisions.md, "Blog"); order here does not matter, lib/blog sorts them. */
export const ARTICLES: readonly Article[] = [
  windowCleaningNearMeTampaBay,
  howOftenCleanWindowsTampaBay,
  removeHardWaterStainsWindows,
  professionalVsDiyWindowCleaning,
  bestWindowCleaningTechniquesFlorida,
  windowCleaningStPeteClearwaterTampa,
];

/** The blog index's own copy. */
export const BLOG_PAGE = {
  title: "Window Cleaning Tips & Tampa Bay Guides",
  intro:
    "Practical advice from the people who clean Tampa Bay's windows every day: how often to clean, how to beat hard water, which techniques work in Florida, and how to choose a window cleaner.",
  metaDescription:
    "Window cleaning advice for Tampa Bay homeowners: cleaning schedules, hard water stain removal, Florida techniques, DIY vs. professional costs and local guides.",
} as const;
