import type { APIRoute } from "astro";

/** robots.txt with the sitemap at the configured site URL; the staff portal stays out of search. */
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL("/sitemap-index.xml", site ?? "https://www.example.com").href;
  const body = ["User-agent: *", "Allow: /", "Disallow: /portal", "", `Sitemap: ${sitemap}`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
};
