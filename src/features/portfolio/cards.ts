import { getImage } from "astro:assets";
import { getCollection } from "astro:content";
import type { PortfolioCard } from "~/features/portfolio/portfolio-card";

const SIZES = "(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 92vw";

/** Portfolio projects as filter cards, newest first, each with a responsive AVIF image. */
export async function loadPortfolioCards(): Promise<PortfolioCard[]> {
  const entries = await getCollection("projects");
  entries.sort((a, b) => b.data.year - a.data.year || a.data.title.localeCompare(b.data.title));
  return Promise.all(
    entries.map(async ({ id, data }) => {
      const img = await getImage({
        src: data.image,
        format: "avif",
        widths: [400, 640, 800],
        sizes: SIZES,
        width: 800,
        height: 600,
        fit: "cover",
      });
      return {
        id,
        title: data.title,
        category: data.category,
        location: data.city,
        year: data.year,
        image: { src: img.src, srcSet: img.srcSet.attribute, sizes: SIZES, width: 800, height: 600, alt: data.alt },
      };
    }),
  );
}
