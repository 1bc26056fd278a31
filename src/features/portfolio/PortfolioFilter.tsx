import { useState } from "react";
import type { PortfolioCard } from "./portfolio-card";
import {
  filterProjects,
  PORTFOLIO_CATEGORY_LABELS,
  PORTFOLIO_EMPTY_MESSAGE,
  PORTFOLIO_FILTERS,
  type PortfolioFilterValue,
} from "./portfolio-filter";

/** Filter buttons and the project grid; renders every project before hydration. */
export function PortfolioFilter({ projects }: { projects: PortfolioCard[] }) {
  const [filter, setFilter] = useState<PortfolioFilterValue>("all");
  const shown = filterProjects(projects, filter);

  return (
    <div data-slot="portfolio-filter">
      <div
        role="group"
        aria-label="Filter projects by category"
        className="flex flex-wrap justify-center gap-2 sm:gap-3"
      >
        {PORTFOLIO_FILTERS.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            aria-pressed={filter === value}
            onClick={() => setFilter(value)}
            className={`min-h-11 rounded-full border-2 border-navy-900 px-4 text-sm font-semibold outline-none focus-visible:ring-2 focus-visible:ring-gold-500 focus-visible:ring-offset-2 sm:px-5 ${
              filter === value ? "bg-navy-900 text-white" : "bg-white text-navy-900 hover:bg-navy-50"
            }`}
          >
            {label}
          </button>
        ))}
      </div>

      <p aria-live="polite" className="sr-only">
        {shown.length === 1 ? "1 project shown" : `${shown.length} projects shown`}
      </p>

      {shown.length === 0 ? (
        <p className="mt-10 rounded-lg border border-dashed border-navy-200 bg-white px-6 py-12 text-center text-navy-700">
          {PORTFOLIO_EMPTY_MESSAGE}
        </p>
      ) : (
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map(({ id, title, category, location, year, image }, index) => (
            <li key={id} data-category={category}>
              <article className="group h-full overflow-hidden rounded-xl border border-navy-100 bg-white shadow-sm transition-shadow hover:shadow-lg motion-reduce:transition-none">
                <div className="aspect-[4/3] overflow-hidden bg-navy-100">
                  <img
                    src={image.src}
                    srcSet={image.srcSet}
                    sizes={image.sizes}
                    width={image.width}
                    height={image.height}
                    alt={image.alt}
                    // The first card is the page's largest paint on every width: fetch it at once.
                    loading={index === 0 ? "eager" : "lazy"}
                    fetchPriority={index === 0 ? "high" : "auto"}
                    decoding="async"
                    className="size-full object-cover transition-transform duration-500 group-hover:scale-105 motion-reduce:transition-none"
                  />
                </div>
                <div className="p-5">
                  <p className="text-xs font-semibold tracking-[0.15em] text-gold-700 uppercase">
                    {PORTFOLIO_CATEGORY_LABELS[category]}
                  </p>
                  <h2 className="mt-1 text-lg font-bold text-navy-950">{title}</h2>
                  <p className="mt-2 flex justify-between text-sm text-navy-700">
                    <span>{location}</span>
                    <span>{year}</span>
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
