/**
 * The link's secret: read from the URL fragment, then taken out of the address bar so a copied or shared
 * address does not carry it. The tab keeps it (sessionStorage, which no other tab or later visit sees), so
 * a reload or the Back button still opens the bid instead of calling the link invalid.
 */

/** A secret as the API issues it: 256 bits in base64url, 43 characters (bidSecretSchema). */
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/** Where this tab keeps the secret after it leaves the address bar. */
export const SECRET_STORAGE_KEY = "bidSecret";

/** The secret in a location hash ("#abc..."), or null when the fragment is missing or malformed. */
export function secretFromHash(hash: string): string | null {
  const value = hash.replace(/^#/, "").trim();
  return SECRET.test(value) ? value : null;
}

type Win = Pick<Window, "location" | "history" | "sessionStorage">;

/** sessionStorage, or null where it is blocked (then a reload needs the e-mail's link again). */
function storage(win: Win): Storage | null {
  try {
    return win.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The secret of this visit: the fragment's when the address has one (a malformed one yields null, never an
 * earlier bid's secret), else the one this tab kept. The fragment is removed from the address either way.
 */
export function takeSecret(win: Win = window): string | null {
  const hash = win.location.hash;
  const kept = storage(win);
  if (!hash || hash === "#") return secretFromHash(kept?.getItem(SECRET_STORAGE_KEY) ?? "");
  win.history.replaceState(null, "", win.location.pathname + win.location.search);
  const secret = secretFromHash(hash);
  try {
    if (secret) kept?.setItem(SECRET_STORAGE_KEY, secret);
    else kept?.removeItem(SECRET_STORAGE_KEY);
  } catch {
    // Storage full or blocked: the secret still serves this page view from memory.
  }
  return secret;
}
