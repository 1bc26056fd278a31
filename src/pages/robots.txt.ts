import type { APIRoute } from "astro";
import { BID_PAGE_PATH } from "~/schemas/bid-fields";

/**
 * robots.txt with the sitemap at the configured site URL; the staff portal and the client's signing page
 * (private to whoever holds its link) stay out of search.
 */
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL("/sitemap-index.xml", site ?? "https://www.example.com").href;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /portal",
    `Disallow: ${BID_PAGE_PATH}`,
    "",
    `Sitemap: ${sitemap}`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
};
