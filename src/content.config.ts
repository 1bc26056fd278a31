import { defineCollection } from "astro:content";
import { glob } from "astro/loaders";
import { z } from "astro/zod";
import { PORTFOLIO_CATEGORIES } from "~/features/portfolio/portfolio-card";

/** Portfolio projects: one Markdown file per project in src/content/projects/ (front matter only). */
const projects = defineCollection({
  loader: glob({ pattern: "*.md", base: "./src/content/projects" }),
  schema: ({ image }) =>
    z.object({
      title: z.string().min(1),
      category: z.enum(PORTFOLIO_CATEGORIES),
      city: z.string().min(1),
      year: z.number().int().min(2022),
      image: image(),
      alt: z.string().min(1),
    }),
});

export const collections = { projects };
