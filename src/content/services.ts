import type { Feature } from "./company-copy";

/** The eight services listed on /residential. */
export const residentialServices: readonly Feature[] = [
  {
    icon: "paint-roller",
    title: "Interior Painting",
    text: "Walls, ceilings, trim and doors in low-VOC paint, with furniture protection, patching and daily clean-up.",
  },
  {
    icon: "house",
    title: "Exterior Painting",
    text: "Pressure washing, scraping, caulking and two-coat finishes that stand up to Texas sun and humidity.",
  },
  {
    icon: "layers",
    title: "Flooring",
    text: "Luxury vinyl plank, laminate, tile and carpet, installed level and tight with clean transitions.",
  },
  {
    icon: "brick-wall",
    title: "Drywall and Texture",
    text: "Patches, water-damage repairs and new board, matched to orange-peel, knockdown or smooth walls.",
  },
  {
    icon: "door-closed",
    title: "Doors and Windows",
    text: "Interior and exterior doors, hardware and energy-efficient windows, sealed, trimmed and painted.",
  },
  {
    icon: "pencil-ruler",
    title: "Cabinets and Trim",
    text: "Cabinet painting and refinishing, baseboards, crown molding and casing, cut and caulked clean.",
  },
  {
    icon: "warehouse",
    title: "Siding",
    text: "Fiber-cement and wood siding repaired or replaced, then primed and painted to match or refresh.",
  },
  {
    icon: "fence",
    title: "Fencing",
    text: "Cedar and pine fences built, repaired, stained and sealed to hold up through Texas weather.",
  },
];

/** The four-step residential process. */
export const processSteps: readonly { title: string; text: string }[] = [
  {
    title: "Initial Consultation",
    text: "We visit your home, listen to what you want, measure, and talk through budget and timing.",
  },
  {
    title: "Design and Planning",
    text: "You receive a written, line-item estimate with colors, materials and a start date you can plan around.",
  },
  {
    title: "Expert Construction",
    text: "Our crew protects your home, does the prep right, and keeps you updated every day until it is done.",
  },
  {
    title: "Project Completion",
    text: "We walk the finished work with you, close every punch-list item and leave the site clean.",
  },
];

/** The eight services listed on /multifamily. */
export const multifamilyServices: readonly Feature[] = [
  {
    icon: "paint-roller",
    title: "Interior Painting",
    text: "Unit turns, corridors, amenity spaces and full interior repaints, scheduled around leasing and move-ins.",
  },
  {
    icon: "building-complex",
    title: "Exterior Painting",
    text: "Full-property repaints with elastomeric and high-build coatings, including lift and swing-stage work.",
  },
  {
    icon: "wallpaper",
    title: "Wall Coverings",
    text: "Commercial vinyl wall covering in corridors, lobbies and clubhouses, installed and repaired.",
  },
  {
    icon: "droplet",
    title: "Exterior Sealant",
    text: "Window, joint and penetration sealant replacement that keeps water out of the building envelope.",
  },
  {
    icon: "layers",
    title: "Flooring",
    text: "LVP, carpet and tile for turns and renovation programs, installed at production pace.",
  },
  {
    icon: "clipboard-check",
    title: "Quality Control",
    text: "Documented inspections, punch lists and photo reports for owners, lenders and property managers.",
  },
  {
    icon: "calendar-days",
    title: "Project Management",
    text: "A dedicated project manager, written schedules and weekly progress reports from start to turnover.",
  },
  {
    icon: "calculator",
    title: "Value Engineering",
    text: "Alternate products and methods that lower cost without lowering the finish or the warranty.",
  },
];

/** Design-build support listed in the multifamily capability panel. */
export const designBuild: readonly string[] = [
  "Preconstruction estimating from drawings and specs",
  "Coating systems, color schedules and submittals",
  "Phased turnover sequenced with your general contractor",
  "Close-out documents, warranties and attic stock",
];
