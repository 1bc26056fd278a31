import type { APIRoute } from "astro";
import { spriteSvg } from "~/components/icons";
import { portalIconPaths } from "~/components/ui/portal-icons";

/** The portal's icon sprite (kept apart so public pages do not download the editor's icons). */
export const GET: APIRoute = () =>
  new Response(spriteSvg(portalIconPaths), { headers: { "Content-Type": "image/svg+xml" } });
