/** The portal's bearer token, kept in localStorage so a sign-in survives closing the tab. */

/** localStorage key holding the bearer token. */
export const PORTAL_TOKEN_KEY = "portalToken";

/**
 * Response header of a staff call whose session's end moved: a token for the same session that expires with
 * it, replacing the stored one.
 */
export const PORTAL_TOKEN_HEADER = "X-Portal-Token";

/** The stored token, or null (also when storage is unavailable, e.g. blocked cookies). */
export function getPortalToken(): string | null {
  try {
    return localStorage.getItem(PORTAL_TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Stores the token after a successful sign-in, or its renewal. */
export function setPortalToken(token: string): void {
  localStorage.setItem(PORTAL_TOKEN_KEY, token);
}

/** Forgets the token (logout, or the API no longer accepts it). */
export function clearPortalToken(): void {
  try {
    localStorage.removeItem(PORTAL_TOKEN_KEY);
  } catch {
    // Nothing stored where there is no storage.
  }
}
