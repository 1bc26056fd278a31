import { describe, expect, it } from "vitest";
import { BID_EVENT_KINDS } from "~/schemas/bids";
import { followBrowserLanguage, prefersSpanish, VERIFY_PATHS } from "./language";
import { en } from "./messages/en";
import { es } from "./messages/es";
import { verifyPageWords } from "./page-words";

/** A catalogue's keys, in order, so both languages can be compared word for word. */
const keys = (catalogue: object) => Object.keys(catalogue).sort();

/** A window with the given browser languages, address and tab storage; `replaced` records a redirect. */
function fakeWindow(languages: string[], search = "", stored: Record<string, string> = {}) {
  const store = new Map(Object.entries(stored));
  const replaced: string[] = [];
  const win = {
    location: { search, replace: (url: string) => replaced.push(url) },
    navigator: { languages, language: languages[0] ?? "" },
    sessionStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    },
  } as unknown as Window;
  return { win, replaced, store };
}

describe("/verify in two languages", () => {
  it("has the same words in English and Spanish, Spanish ones different and every event kind named in Spanish", () => {
    expect(keys(es)).toEqual(keys(en));
    expect(Object.keys(es.eventKinds).sort()).toEqual([...BID_EVENT_KINDS].sort());
    expect(es.eventColumns).toHaveLength(en.eventColumns.length);
    expect(es.locale).toBe("es-US");
    expect(es.sealedHeading).not.toBe(en.sealedHeading);
    expect(keys(verifyPageWords.es)).toEqual(keys(verifyPageWords.en));
    for (const key of Object.keys(verifyPageWords.en) as (keyof typeof verifyPageWords.en)[]) {
      const [english, spanish] = [verifyPageWords.en[key], verifyPageWords.es[key]];
      const word = (w: typeof english) => (typeof w === "function" ? w("Anchor Line Construction") : w);
      expect(word(spanish), key).not.toBe(word(english));
    }
  });

  it.each([
    [["es-US", "es", "en"], true],
    [["es"], true],
    [["fr-FR", "ES-MX", "en"], true],
    [["en-US", "es-US"], false],
    [["fr-FR"], false],
    [[], false],
  ])("%j prefers Spanish: %s", (languages, expected) => {
    expect(prefersSpanish(languages)).toBe(expected);
  });

  it("sends a Spanish-preferring browser to /verify/es, and an English one nowhere", () => {
    const spanish = fakeWindow(["es-US", "en"]);
    expect(followBrowserLanguage(spanish.win)).toBe(true);
    expect(spanish.replaced).toEqual([VERIFY_PATHS.es]);
    const english = fakeWindow(["en-US", "es"]);
    expect(followBrowserLanguage(english.win)).toBe(false);
    expect(english.replaced).toEqual([]);
  });

  it("keeps a manual choice of English for the tab: from the switch's address, then on later visits", () => {
    const chosen = fakeWindow(["es-US"], "?lang=en");
    expect(followBrowserLanguage(chosen.win)).toBe(false);
    expect(chosen.replaced).toEqual([]);
    const later = fakeWindow(["es-US"], "", Object.fromEntries(chosen.store));
    expect(followBrowserLanguage(later.win)).toBe(false);
    expect(later.replaced).toEqual([]);
  });
});
