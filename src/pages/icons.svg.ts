import type { APIRoute } from "astro";
import { iconPaths } from "~/components/icons";

// Drawing attributes sit on each path: a <use>d symbol inherits from the page, not from the sprite root.
const STROKE = 'fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"';

/** The icon sprite: one <symbol> per icon, referenced by Icon.astro so pages do not repeat path data. */
export const GET: APIRoute = () => {
  const symbols = Object.entries(iconPaths)
    .map(([name, d]) => `<symbol id="${name}" viewBox="0 0 24 24"><path d="${d}" ${STROKE}/></symbol>`)
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg">${symbols}</svg>`;
  return new Response(svg, { headers: { "Content-Type": "image/svg+xml" } });
};
