/** Portal helpers: a signed-in page without going through the login form each time. */
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { DEV_STAFF_USER } from "../../src/config/api";

/** Logs the dev staff user in through the API and returns the token. */
export async function apiToken(request: APIRequestContext): Promise<string> {
  const response = await request.post("/api/portal/login", { data: { ...DEV_STAFF_USER, rememberMe: false } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Stores a fresh token in the page's localStorage (key portalToken) before any portal page loads. */
export async function signedIn(page: Page, request: APIRequestContext): Promise<string> {
  const token = await apiToken(request);
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem("e2e-token-set")) {
      localStorage.setItem("portalToken", value);
      sessionStorage.setItem("e2e-token-set", "1");
    }
  }, token);
  return token;
}

/** Calls the API as the signed-in user. */
export function authHeaders(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
