import type { PortfolioCard, PortfolioCategory } from "./portfolio-card";

/** A filter choice: every project (where the filter starts), or one category. */
export type PortfolioFilterValue = "all" | PortfolioCategory;

/** The filter buttons in display order. */
export const PORTFOLIO_FILTERS: readonly { value: PortfolioFilterValue; label: string }[] = [
  { value: "all", label: "All Projects" },
  { value: "residential", label: "Residential" },
  { value: "multifamily", label: "Multifamily" },
];

/** Display names of the categories on the cards. */
export const PORTFOLIO_CATEGORY_LABELS: Record<PortfolioCategory, string> = {
  residential: "Residential",
  multifamily: "Multifamily",
};

/** Shown when the chosen category has no projects. */
export const PORTFOLIO_EMPTY_MESSAGE = "No projects found for the selected category.";

/** The projects a filter shows, in their original order. */
export function filterProjects<T extends Pick<PortfolioCard, "category">>(
  projects: readonly T[],
  filter: PortfolioFilterValue,
): T[] {
  return filter === "all" ? [...projects] : projects.filter((p) => p.category === filter);
}
