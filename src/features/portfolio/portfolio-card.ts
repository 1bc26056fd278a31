/** Portfolio categories; the filter adds "all". */
export const PORTFOLIO_CATEGORIES = ["residential", "multifamily"] as const;
export type PortfolioCategory = (typeof PORTFOLIO_CATEGORIES)[number];

/** A portfolio project as the filter island renders it: content entry plus its optimized image. */
export interface PortfolioCard {
  id: string;
  title: string;
  category: PortfolioCategory;
  location: string;
  year: number;
  image: { src: string; srcSet?: string; sizes?: string; width: number; height: number; alt: string };
}
