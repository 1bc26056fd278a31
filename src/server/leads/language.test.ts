import { describe, expect, it } from "vitest";
import { preferredLanguage } from "./language";

describe("preferredLanguage", () => {
  it.each([
    ["es-MX,es;q=0.9,en;q=0.8", "es"],
    ["es", "es"],
    ["es-419", "es"],
    ["en-US,en;q=0.9,es;q=0.8", "en"],
    ["en;q=0.5,es;q=0.9", "es"],
    ["fr-FR,es;q=0.9", "en"],
    ["*", "en"],
    ["", "en"],
    [null, "en"],
    ["es;q=0,en", "en"],
    ["garbage;;;,", "en"],
  ] as const)("%s → %s", (header, language) => {
    expect(preferredLanguage(header)).toBe(language);
  });
});
