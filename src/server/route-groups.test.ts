import { beforeAll, expect, it } from "vitest";
import { describeAppRoutes } from "~/server/app";
import { issueToken } from "~/server/auth/tokens";
import { callUnchecked, describeEachBackend } from "../../test/api";

/**
 * Routes anyone may call: sign-in, the contact form, the one-time links, the images mail clients fetch, a client's
 * bid link and /verify.
 */
const PUBLIC = [
  "POST /api/portal/login",
  "POST /api/portal/login/second-factor",
  "POST /api/portal/login/passkey/options",
  "POST /api/portal/login/passkey",
  "POST /api/portal/invitation",
  "POST /api/portal/invitation/accept",
  "POST /api/portal/notification-address/confirm",
  "POST /api/contact",
  "POST /api/contact/form",
  "GET /api/signature-images/:file",
  "POST /api/bids/open",
  "POST /api/bids/pdf",
  "POST /api/bids/code",
  "POST /api/bids/decline-code",
  "POST /api/bids/check-code",
  "POST /api/bids/sign",
  "POST /api/bids/decline",
  "POST /api/bids/renewal",
  "GET /api/verify/:sha256",
];

/** Routes for administrators only; every other route is for any signed-in staff member. */
const ADMIN = [
  "GET /api/portal/staff",
  "POST /api/portal/staff",
  "PATCH /api/portal/staff/:id",
  "POST /api/portal/staff/:id/reset",
  "GET /api/portal/settings",
  "PUT /api/portal/settings",
  "GET /api/portal/activity",
  "GET /api/portal/activity.csv",
  "DELETE /api/portal/template-trash/:id",
  "GET /api/portal/export",
  "POST /api/portal/template-restore",
  "POST /api/portal/exports",
  "GET /api/portal/exports/:id",
  "GET /api/portal/exports/:id/parts/:part",
  "GET /api/portal/reports/leads",
  "GET /api/portal/reports/leads.csv",
];

/** Staff routes a session that must still set up a second factor may call; any other staff route refuses it. */
const SET_UP = [
  "GET /api/portal/session",
  "POST /api/portal/logout",
  "GET /api/portal/account",
  "PATCH /api/portal/account",
  "POST /api/portal/account/confirm",
  "POST /api/portal/account/confirm/passkey/options",
  "POST /api/portal/account/totp",
  "POST /api/portal/account/totp/confirm",
  "DELETE /api/portal/account/totp",
  "POST /api/portal/account/passkeys/options",
  "POST /api/portal/account/passkeys",
];

/** Every route the app answers, as "METHOD /pattern" (its middleware excluded). */
const ROUTES = describeAppRoutes().map((r) => `${r.method} ${r.path}`);

/** A concrete path for a route pattern: any id, version, part or file will do, the guards answer first. */
const pathOf = (pattern: string) =>
  pattern
    .replace(":id", "00000000-0000-4000-8000-000000000000")
    .replace(":version", "1")
    .replace(":part", "0")
    .replace(":sha256", "0".repeat(64))
    .replace(":file", `${"0".repeat(64)}.png`);

const request = (route: string, token?: string) => {
  const [method, pattern] = route.split(" ") as [string, string];
  return callUnchecked(method, pathOf(pattern), { token });
};

describeEachBackend("who may call each route", (db) => {
  /**
   * A fresh session of a staff member who is not an admin (the first account is the admin); with `mustEnrol`, one
   * that must still set up a second factor.
   */
  let staffToken: (mustEnrol?: boolean) => Promise<string>;
  beforeAll(async () => {
    await db.createStaff("group-admin", "correct horse battery");
    const userId = await db.createStaff("group-staff", "correct horse battery");
    staffToken = async (mustEnrol = false) => {
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO staff_sessions (user_id, remember, method, expires_at, must_enrol)
         VALUES ($1, false, 'password', now() + interval '1 hour', $2) RETURNING id`,
        [userId, mustEnrol],
      );
      return issueToken(userId, row!.id, false);
    };
  });

  it("the tables name routes the app has", () => {
    for (const route of [...PUBLIC, ...ADMIN, ...SET_UP]) expect(ROUTES).toContain(route);
  });

  it.each(ROUTES.filter((r) => PUBLIC.includes(r)))("%s answers without a token", async (route) => {
    const res = await request(route);
    expect([401, 403]).not.toContain(res.status);
    expect(res.headers.get("www-authenticate")).toBeNull();
  });

  it.each(ROUTES.filter((r) => !PUBLIC.includes(r)))("%s answers 401 without a token", async (route) => {
    const res = await request(route);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe('Bearer realm="portal"');
  });

  // Each call on a session of its own: one of these routes is the sign-out.
  it.each(ROUTES.filter((r) => !PUBLIC.includes(r)))(
    "%s is for admins exactly when the table says so",
    async (route) => {
      const res = await request(route, await staffToken());
      const body = res.headers.get("content-type")?.startsWith("application/json") ? await res.json() : {};
      const refused = res.status === 403 && (body as { error?: string }).error === "Only an admin can do this";
      expect(refused).toBe(ADMIN.includes(route));
      expect(res.status).not.toBe(401);
    },
  );

  it.each(ROUTES.filter((r) => !PUBLIC.includes(r) && !ADMIN.includes(r)))(
    "%s is open to a session setting up a second factor exactly when the table says so",
    async (route) => {
      const res = await request(route, await staffToken(true));
      const body = res.headers.get("content-type")?.startsWith("application/json") ? await res.json() : {};
      const refused = res.status === 403 && (body as { code?: string }).code === "second_factor_required";
      expect(refused).toBe(!SET_UP.includes(route));
    },
  );
});
