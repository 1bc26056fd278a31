import { describe, expect, test } from "vitest";
import type { PortfolioCard } from "./portfolio-card";
import { filterProjects, PORTFOLIO_FILTERS, type PortfolioFilterValue } from "./portfolio-filter";

const card = (id: string, category: PortfolioCard["category"]): PortfolioCard => ({
  id,
  title: id,
  category,
  location: "Houston, TX",
  year: 2024,
  image: { src: `/${id}.webp`, width: 800, height: 600, alt: id },
});

const six = [
  card("r1", "residential"),
  card("m1", "multifamily"),
  card("r2", "residential"),
  card("m2", "multifamily"),
  card("r3", "residential"),
  card("m3", "multifamily"),
];

describe("filterProjects", () => {
  test.each<[PortfolioFilterValue, string[]]>([
    ["all", ["r1", "m1", "r2", "m2", "r3", "m3"]],
    ["residential", ["r1", "r2", "r3"]],
    ["multifamily", ["m1", "m2", "m3"]],
  ])("%s keeps order", (filter, ids) => {
    expect(filterProjects(six, filter).map((p) => p.id)).toEqual(ids);
  });

  test.each<[string, PortfolioCard[], PortfolioFilterValue]>([
    ["no multifamily projects", six.filter((p) => p.category === "residential"), "multifamily"],
    ["no residential projects", six.filter((p) => p.category === "multifamily"), "residential"],
    ["no projects at all", [], "all"],
  ])("empty result when there are %s", (_why, projects, filter) => {
    expect(filterProjects(projects, filter)).toEqual([]);
  });

  test("buttons read All Projects, Residential, Multifamily", () => {
    expect(PORTFOLIO_FILTERS.map((f) => f.label)).toEqual(["All Projects", "Residential", "Multifamily"]);
  });
});
