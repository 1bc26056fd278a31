import type { SignatureElement, SignatureFormData, SignatureGlobalSettings } from "./signature";

/** A valid signature, as the generator builds it (spec 3, spec 9 defaults); for tests and examples. */
export const sampleFormData: SignatureFormData = {
  name: "Marcus Reyes",
  title: "Project Manager",
  phone: "(713) 555-0148",
  email: "marcus@example.com",
  location: "Houston, TX",
  quote: "Anchored in Quality",
};

export const sampleElements: SignatureElement[] = [
  {
    id: "name-title",
    field: "name-title",
    content: "Marcus Reyes, Project Manager",
    position: { x: 0, y: -40 },
    scale: 1.1,
    visible: true,
  },
  {
    id: "mobile",
    field: "phone",
    content: "Mobile: (713) 555-0148",
    position: { x: 15, y: -15 },
    scale: 1.4,
    visible: true,
  },
  { id: "email", field: "email", content: "marcus@example.com", position: { x: 25, y: 10 }, scale: 1, visible: true },
  { id: "city", field: "location", content: "Houston, TX", position: { x: -75, y: 35 }, scale: 1, visible: true },
  { id: "quote", field: "quote", content: "Anchored in Quality", position: { x: -5, y: 50 }, scale: 1, visible: false },
];

export const sampleGlobalSettings: SignatureGlobalSettings = {
  globalX: -60,
  globalY: -35,
  globalScale: 0.95,
  lineSpacing: 8,
};
