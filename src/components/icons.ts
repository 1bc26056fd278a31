// A small, original stroke icon set (24 px grid), rendered by Icon.astro.
/** SVG path data of each icon. */
export const iconPaths = {
  phone:
    "M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z",
  mail: "M3 5h18v14H3zM3 6l9 7 9-7",
  check: "M5 12.5l4.5 4.5L19 7.5",
  shield: "M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM8.5 12l2.5 2.5 4.5-5",
  family:
    "M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c.5-3.5 3.2-6 6.5-6s6 2.5 6.5 6M16 4.5a3.5 3.5 0 0 1 0 6.5M18.5 14c1.8.8 2.8 3 3 6",
  clock: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2",
  star: "M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z",
  scale: "M12 3v18M7 21h10M5 7h14M5 7l-3 7a3 3 0 0 0 6 0zM19 7l-3 7a3 3 0 0 0 6 0z",
  heart: "M20.8 5.6a5 5 0 0 0-7.1 0L12 7.3l-1.7-1.7a5 5 0 0 0-7.1 7.1L12 21.5l8.8-8.8a5 5 0 0 0 0-7.1z",
  roller: "M4 3h13v5H4zM17 5.5h3V11h-8.5v3M10 14h3v7h-3z",
  house: "M3 11l9-7 9 7M5 10v10h14V10M10 20v-6h4v6",
  building: "M4 21V4h10v17M14 9h6v12M2 21h20M7.5 8h3M7.5 12h3M7.5 16h3M17 13h.01M17 17h.01",
  layers: "M12 3l9 5-9 5-9-5zM3 13l9 5 9-5",
  drywall: "M3 4h18v16H3zM3 9.3h18M3 14.6h18M9 4v5.3M15 9.3v5.3M9 14.6V20",
  door: "M6 21V3h12v18M3 21h18M14.5 12h.01",
  cabinet: "M4 3h16v18H4zM12 3v18M9.5 10v3M14.5 10v3",
  siding: "M3 10l9-6 9 6M5 9v12h14V9M5 13h14M5 17h14",
  fence: "M5 21V6l2-3 2 3v15M15 21V6l2-3 2 3v15M3 10h18M3 16h18",
  wallcovering: "M4 5a2 2 0 0 1 2-2h12v14H6a2 2 0 0 0-2 2zM4 19a2 2 0 0 0 2 2h12v-4M8 7h6M8 11h6",
  droplet: "M12 3s6 6.5 6 11a6 6 0 0 1-12 0c0-4.5 6-11 6-11z",
  clipboard: "M9 3h6v3H9zM9 4.5H6V21h12V4.5h-3M9 14l2 2 4-4",
  calendar: "M4 5h16v16H4zM4 10h16M8 3v4M16 3v4M8 14h3M8 17h6",
  calculator: "M6 3h12v18H6zM9 7h6M9 12h.01M12 12h.01M15 12h.01M9 16h.01M12 16h.01M15 16h.01",
  arrow: "M5 12h14M13 6l6 6-6 6",
  pin: "M12 21s7-6.1 7-11.5a7 7 0 0 0-14 0C5 14.9 12 21 12 21zM12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z",
  hardhat: "M3 18h18M5 18v-3a7 7 0 0 1 14 0v3M10 8V5h4v3",
  pencil: "M4 20l4-1 11-11-3-3L5 16zM14 7l3 3",
} as const;

export type IconName = keyof typeof iconPaths;

// Drawing attributes sit on each path: a <use>d symbol inherits from the page, not from the sprite root.
const STROKE = 'fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"';

/** An SVG sprite with one <symbol id="name"> per icon, for <use href="sprite#name">. */
export function spriteSvg(paths: Readonly<Record<string, string>>): string {
  const symbols = Object.entries(paths)
    .map(([name, d]) => `<symbol id="${name}" viewBox="0 0 24 24"><path d="${d}" ${STROKE}/></symbol>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols}</svg>`;
}
