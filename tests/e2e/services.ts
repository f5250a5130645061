import { expect, type Locator } from "@playwright/test";
import { SERVICES, type Service } from "@/content/services";

/**
 * The services of `ids` (content/services.ts) as `scope` shows them: each one's title as a
 * heading, and each of its points as one list item of its own.
 */
export async function expectServices(scope: Locator, ids: readonly Service["id"][]): Promise<void> {
  // The list items that hold no list: a point, not a service's card around its points.
  const items = scope.getByRole("listitem").filter({ hasNot: scope.page().getByRole("list") });
  for (const service of SERVICES.filter((each) => ids.includes(each.id))) {
    await expect(scope.getByRole("heading", { name: service.title, exact: true })).toBeVisible();
    for (const point of service.points) {
      await expect(items.filter({ hasText: point })).toHaveCount(1);
    }
  }
}
