/**
 * /verify follows the browser's language: a browser that prefers Spanish to English is sent once to the
 * Spanish page. The switch back to English (/verify?lang=en) is remembered for the tab, so it sticks.
 */
export const VERIFY_PATHS = { en: "/verify", es: "/verify/es" } as const;
/** The English page's address from the switch: the manual choice, which the tab then remembers. */
export const VERIFY_ENGLISH_CHOICE = `${VERIFY_PATHS.en}?lang=en`;
const CHOICE_KEY = "verify-language";

/** Whether Spanish comes before English among the browser's languages ("es-US", "es" …). */
export function prefersSpanish(languages: readonly string[]): boolean {
  const first = languages.map((tag) => tag.toLowerCase().split("-")[0]).find((l) => l === "en" || l === "es");
  return first === "es";
}

type Win = Pick<Window, "location" | "navigator" | "sessionStorage">;

/** sessionStorage, or null where it is blocked (then only the address carries the choice). */
function storage(win: Win): Storage | null {
  try {
    return win.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * On the English page: remembers a manual choice of English, else sends a Spanish-preferring browser to the
 * Spanish page. True when it navigates away.
 */
export function followBrowserLanguage(win: Win = window): boolean {
  if (new URLSearchParams(win.location.search).get("lang") === "en") {
    storage(win)?.setItem(CHOICE_KEY, "en");
    return false;
  }
  if (storage(win)?.getItem(CHOICE_KEY) === "en") return false;
  const languages = win.navigator.languages?.length ? win.navigator.languages : [win.navigator.language];
  if (!prefersSpanish(languages)) return false;
  win.location.replace(VERIFY_PATHS.es);
  return true;
}
