import type { APIRoute } from "astro";
import { iconPaths, spriteSvg } from "~/components/icons";

/** The public site's icon sprite: one <symbol> per icon, referenced by Icon.astro so pages do not repeat path data. */
export const GET: APIRoute = () => new Response(spriteSvg(iconPaths), { headers: { "Content-Type": "image/svg+xml" } });
