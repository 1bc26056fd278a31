/** The link's secret: read from the URL fragment once, then kept in memory only. */

/** A secret as the API issues it: 256 bits in base64url, 43 characters (bidSecretSchema). */
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/** The secret in a location hash ("#abc..."), or null when the fragment is missing or malformed. */
export function secretFromHash(hash: string): string | null {
  const value = hash.replace(/^#/, "").trim();
  return SECRET.test(value) ? value : null;
}

/**
 * Takes the secret out of the address bar, so a copied or shared address does not carry the signer's
 * link; the page keeps it in memory for its calls. Returns the secret found, if any.
 */
export function takeSecret(win: Pick<Window, "location" | "history"> = window): string | null {
  const secret = secretFromHash(win.location.hash);
  if (win.location.hash) win.history.replaceState(null, "", win.location.pathname + win.location.search);
  return secret;
}
