/**
 * The Lucide icons the site draws, served as one SVG sprite (src/pages/icons.svg.ts) that both <Icon>s point
 * into (React's in components/ui/icon.tsx, Astro's in components/Icon.astro): the shapes stay out of the
 * JavaScript and the HTML, which only name them. Keys are Lucide's own names (lucide.dev/icons/<name>); add an
 * icon here before an <Icon name> can use it.
 */
import {
  ArrowLeft,
  ArrowRight,
  BrickWall,
  Briefcase,
  BuildingComplex,
  Calculator,
  CalendarDays,
  Check,
  ChevronDown,
  ClipboardCheck,
  Clock,
  Copy,
  Crosshair,
  DoorClosed,
  Download,
  Droplet,
  Fence,
  FileText,
  Folder,
  Heart,
  House,
  Italic,
  Layers,
  LetterB,
  List,
  ListOrdered,
  LogOut,
  Mail,
  MapPin,
  Menu,
  PaintRoller,
  Pencil,
  PencilRuler,
  Phone,
  Plus,
  Printer,
  RotateCcw,
  Save,
  Scale,
  Send,
  ShieldCheck,
  Star,
  TextAlignCenter,
  TextAlignEnd,
  TextAlignStart,
  Trash,
  Underline,
  Upload,
  Users,
  Wallpaper,
  Warehouse,
  X,
  type IconNode,
} from "lucide";

/** The sprite's icons by Lucide name. */
export const iconSet = {
  "arrow-left": ArrowLeft,
  "arrow-right": ArrowRight,
  "brick-wall": BrickWall,
  briefcase: Briefcase,
  "building-complex": BuildingComplex,
  calculator: Calculator,
  "calendar-days": CalendarDays,
  check: Check,
  "chevron-down": ChevronDown,
  "clipboard-check": ClipboardCheck,
  clock: Clock,
  copy: Copy,
  crosshair: Crosshair,
  "door-closed": DoorClosed,
  download: Download,
  droplet: Droplet,
  fence: Fence,
  "file-text": FileText,
  folder: Folder,
  heart: Heart,
  house: House,
  italic: Italic,
  layers: Layers,
  "letter-b": LetterB,
  list: List,
  "list-ordered": ListOrdered,
  "log-out": LogOut,
  mail: Mail,
  "map-pin": MapPin,
  menu: Menu,
  "paint-roller": PaintRoller,
  pencil: Pencil,
  "pencil-ruler": PencilRuler,
  phone: Phone,
  plus: Plus,
  printer: Printer,
  "rotate-ccw": RotateCcw,
  save: Save,
  scale: Scale,
  send: Send,
  "shield-check": ShieldCheck,
  star: Star,
  "text-align-center": TextAlignCenter,
  "text-align-end": TextAlignEnd,
  "text-align-start": TextAlignStart,
  trash: Trash,
  underline: Underline,
  upload: Upload,
  users: Users,
  wallpaper: Wallpaper,
  warehouse: Warehouse,
  x: X,
} satisfies Record<string, IconNode>;

export type IconName = keyof typeof iconSet;

// Lucide's drawing style. It sits on a <g> inside each symbol: a <use>d symbol inherits from the page, not from
// the sprite's root, so a page that sets none still draws Lucide's stroke.
const LUCIDE_STROKE =
  'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

const ENTITIES: Record<string, string> = { "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;" };
const escapeAttr = (value: string | number) => String(value).replace(/[&"<>]/g, (c) => ENTITIES[c]!);

/** One icon's shapes as SVG markup. */
function shapes(node: IconNode): string {
  return node
    .map(([tag, attrs]) => {
      const list = Object.entries(attrs).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
      return `<${tag}${list.map(([name, value]) => ` ${name}="${escapeAttr(value)}"`).join("")}/>`;
    })
    .join("");
}

/** An SVG sprite with one <symbol id="name"> per icon, for <use href="sprite#name">. */
export function spriteSvg(icons: Readonly<Record<string, IconNode>>): string {
  const symbols = Object.entries(icons)
    .map(([name, node]) => `<symbol id="${name}" viewBox="0 0 24 24"><g ${LUCIDE_STROKE}>${shapes(node)}</g></symbol>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols}</svg>`;
}
