// The portal's stroke icons (24 px grid), served as the /portal/icons.svg sprite and drawn by <Icon>.
import { iconPaths } from "../icons";

/** SVG path data of each portal icon: the public set plus the editor's tools. */
export const portalIconPaths = {
  house: iconPaths.house,
  building: iconPaths.building,
  pencil: iconPaths.pencil,
  star: iconPaths.star,
  check: iconPaths.check,
  mail: iconPaths.mail,
  phone: iconPaths.phone,
  briefcase: "M3 7h18v13H3zM8 7V4h8v3M3 12h18",
  file: "M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6",
  plus: "M12 5v14M5 12h14",
  trash: "M4 7h16M9 7V4h6v3M6 7l1 14h10l1-14M10 11v6M14 11v6",
  logout: "M9 21H5V3h4M16 17l5-5-5-5M21 12H9",
  "arrow-left": "M19 12H5M11 6l-6 6 6 6",
  upload: "M12 16V4M7 9l5-5 5 5M4 20h16",
  download: "M12 4v12M7 11l5 5 5-5M4 20h16",
  copy: "M9 9h11v11H9zM5 15H4V4h11v1",
  printer: "M6 9V3h12v6M6 18H4v-7h16v7h-2M7 14h10v7H7z",
  save: "M5 3h11l3 3v15H5zM8 3v5h7V3M8 21v-7h8v7",
  folder: "M3 6h6l2 2h10v12H3z",
  crosshair: "M12 3v18M3 12h18M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z",
  reset: "M4 4v6h6M4.6 15a8 8 0 1 0 1.9-8.3L4 10",
  bold: "M7 4h6a4 4 0 0 1 0 8H7zM7 12h7a4 4 0 0 1 0 8H7z",
  italic: "M10 4h8M6 20h8M14 4l-4 16",
  underline: "M7 4v7a5 5 0 0 0 10 0V4M5 21h14",
  "list-bullet": "M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01",
  "list-number": "M10 6h10M10 12h10M10 18h10M4 4h1.5v5M4 9h3M3.5 14a1.5 1.5 0 0 1 3 .5L3.5 19h3",
  "align-left": "M4 6h16M4 10h10M4 14h16M4 18h10",
  "align-center": "M4 6h16M7 10h10M4 14h16M7 18h10",
  "align-right": "M4 6h16M10 10h10M4 14h16M10 18h10",
  image: "M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6M15.5 9a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z",
  signature: "M3 17c3-6 5-9 6-9s-1 9 1 9 3-5 4-5 1 4 3 4h4M3 21h18",
} as const;

export type PortalIconName = keyof typeof portalIconPaths;

/** Where the sprite is served. */
export const PORTAL_ICON_SPRITE = "/portal/icons.svg";
