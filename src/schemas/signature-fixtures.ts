import { DEFAULT_GLOBAL_SETTINGS } from "../config/signature";
import { buildElements } from "../features/signature/signature";
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

/** The default lines written from the sample card, with the quote hidden so visibility is exercised too. */
export const sampleElements: SignatureElement[] = buildElements(sampleFormData).map((e) =>
  e.id === "quote" ? { ...e, visible: false } : e,
);

export const sampleGlobalSettings: SignatureGlobalSettings = { ...DEFAULT_GLOBAL_SETTINGS };
