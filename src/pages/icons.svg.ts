import type { APIRoute } from "astro";
import { iconSet, spriteSvg } from "~/components/ui/icon-set";

/** The React screens' icon sprite (Lucide shapes), referenced by <Icon> so scripts do not carry path data. */
export const GET: APIRoute = () => new Response(spriteSvg(iconSet), { headers: { "Content-Type": "image/svg+xml" } });
