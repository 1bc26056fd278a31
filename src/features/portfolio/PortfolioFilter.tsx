import type { PortfolioCard } from "./portfolio-card";

// TEMPORARY: replaced by the real filter island.
export function PortfolioFilter({ projects }: { projects: PortfolioCard[] }) {
  return <ul>{projects.map((p) => <li key={p.id}>{p.title}</li>)}</ul>;
}
