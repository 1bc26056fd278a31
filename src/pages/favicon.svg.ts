import type { APIRoute } from "astro";
import { logoMarkSvg } from "~/config/brand";

/** The favicon: the header's logo mark, from the brand module, prerendered to dist/favicon.svg. */
export const GET: APIRoute = () => new Response(logoMarkSvg(), { headers: { "Content-Type": "image/svg+xml" } });
