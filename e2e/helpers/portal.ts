/** Portal helpers: a signed-in page without going through the login form each time. */
import { readFile, writeFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { SignJWT } from "jose";
import { keyBytes } from "../../src/server/auth/keys";
import { DEV_STAFF_USER, TOKEN_AUDIENCE, TOKEN_ISSUER } from "../../src/server/config";
import { API, seedWith } from "./seed";
import { serverInfo } from "./server";

/** Where the setup project leaves the run's one staff token (git-ignored dev data). */
const TOKEN_FILE = ".data/e2e-token";

/** Logs the dev staff user in through the API (a real scrypt) and returns the token. */
export function login(request: APIRequestContext): Promise<string> {
  return seedWith(request).login(DEV_STAFF_USER);
}

/** Signs in once for the whole run (the setup project) and keeps the token for every worker. */
export async function shareLogin(request: APIRequestContext): Promise<void> {
  await writeFile(TOKEN_FILE, await login(request));
}

/** The run's shared staff token; logs in when the setup project did not leave one. */
export async function apiToken(request: APIRequestContext): Promise<string> {
  const shared = await readFile(TOKEN_FILE, "utf8").catch(() => "");
  if (shared) return shared;
  return login(request);
}

/** Stores the run's token in the page's localStorage (key portalToken) before any portal page loads. */
export async function signedIn(page: Page, request: APIRequestContext): Promise<string> {
  const token = await apiToken(request);
  await withStoredToken(page, token);
  return token;
}

/** Puts `token` in localStorage once, before the first page of this test loads. */
export async function withStoredToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem("e2e-token-set")) {
      localStorage.setItem("portalToken", value);
      sessionStorage.setItem("e2e-token-set", "1");
    }
  }, token);
}

/**
 * A token the API refuses because it expired: properly signed with the server's token key (derived from its
 * secret), for the dev staff user, an hour past its expiry.
 */
export async function expiredToken(): Promise<string> {
  const secret = (await serverInfo()).jwtSecret;
  const shared = await readFile(TOKEN_FILE, "utf8");
  const claims = JSON.parse(Buffer.from(shared.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;
  const past = Math.floor(Date.now() / 1000) - 3600;
  return new SignJWT({ ...claims, iat: past - 60, exp: past })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .sign(new Uint8Array(keyBytes("token-signing", secret)));
}

/** Calls the API as the signed-in user. */
export function authHeaders(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/**
 * The template list request, whole or in the light `?view=summary` the dashboard reads
 * (docs/requirements.md#proposal-template-endpoints).
 */
export const TEMPLATE_LIST = new RegExp(`${API.templates}(\\?[^/]*)?$`);

/**
 * Confirms the session of `token` through the API (sudo mode: the password, and the code when the account has
 * an authenticator app), for specs whose subject is not the confirmation dialog; returns the token.
 */
export function confirmToken(
  request: APIRequestContext,
  token: string,
  password: string,
  code?: string,
): Promise<string> {
  return seedWith(request).confirm(token, password, code);
}
