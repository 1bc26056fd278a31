import { decodeJwt, SignJWT } from "jose";
import { beforeAll, expect, it } from "vitest";
import { TOKEN_TTL_SECONDS } from "~/schemas/limits";
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from "~/server/config";
import { portalSessionSchema } from "~/schemas/sessions";
import { answer, call, callUnchecked, describeEachBackend, loginAs, randomIp, type JsonOf } from "../../../test/api";

const PASSWORD = "correct horse battery";

/** The token's own expiry as the API should report it. */
const expiryOf = (token: string) => new Date(decodeJwt(token).exp! * 1000).toISOString();

describeEachBackend("GET /api/portal/session", (db) => {
  let token = "";
  beforeAll(async () => {
    await db.createStaff("frontdesk", PASSWORD);
    token = await loginAs("frontdesk", PASSWORD);
  });

  const session = async (bearer = token) => {
    const res = await call("GET", "/api/portal/session", { token: bearer });
    expect(res.status).toBe(200);
    return portalSessionSchema.parse(await res.json());
  };

  it("answers the username, the token's expiry and the unhandled count, uncached", async () => {
    const res = await call("GET", "/api/portal/session", { token });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body).toEqual({
      username: "frontdesk",
      expiresAt: expiryOf(token),
      unhandledMessages: 0,
      unansweredLeads: 0,
      bidUpdates: 0,
    });
    const lifetime = new Date((body as { expiresAt: string }).expiresAt).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan((TOKEN_TTL_SECONDS.session - 60) * 1000);
    expect(lifetime).toBeLessThanOrEqual(TOKEN_TTL_SECONDS.session * 1000);
  });

  it("reports the longer expiry of a stay-signed-in token", async () => {
    const res = await call("POST", "/api/portal/login", {
      json: { username: "frontdesk", password: PASSWORD, rememberMe: true },
      ip: randomIp(),
    });
    const signedIn = await answer(res, 200);
    if (!("token" in signedIn)) throw new Error("expected a session, not a second step");
    const remembered = signedIn.token;
    const { expiresAt } = await session(remembered);
    expect(expiresAt).toBe(expiryOf(remembered));
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan((TOKEN_TTL_SECONDS.rememberMe - 60) * 1000);
  });

  it("counts unhandled messages and follows every PATCH", async () => {
    await db.query(
      `INSERT INTO contact_messages (first_name, email, project_type, message, handled)
       SELECT 'Count ' || i, 'count@example.com', 'general', 'hello', i = 3 FROM generate_series(1, 3) AS i`,
    );
    expect((await session()).unhandledMessages).toBe(2);
    const [first] = await db.query<{ id: string }>("SELECT id FROM contact_messages WHERE first_name = 'Count 1'");
    const patch = (json?: JsonOf<"PATCH", "/api/contacts/:id">) =>
      call("PATCH", "/api/contacts/:id", { param: { id: first!.id }, token, json });
    expect((await patch({ handled: true })).status).toBe(200);
    expect((await session()).unhandledMessages).toBe(1);
    expect((await patch({ handled: true })).status).toBe(200);
    expect((await session()).unhandledMessages).toBe(1);
    expect((await patch({ handled: false })).status).toBe(200);
    expect((await session()).unhandledMessages).toBe(2);
    expect((await patch()).status).toBe(200);
    expect((await session()).unhandledMessages).toBe(1);
  });

  it.each([
    ["no token", {}],
    ["a non-bearer header", { headers: { authorization: `Basic ${btoa("frontdesk:x")}` } }],
    ["a malformed token", { token: "not.a.token" }],
  ])("401 with WWW-Authenticate for %s", async (_name, options) => {
    const res = await call("GET", "/api/portal/session", options);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe('Bearer realm="portal"');
    expect(await res.json()).toHaveProperty("error");
  });

  it("401 for a well-formed token signed with another key", async () => {
    const forged = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(decodeJwt(token).sub!)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret-".padEnd(48, "y")));
    expect((await call("GET", "/api/portal/session", { token: forged })).status).toBe(401);
  });

  it("401 once the token is revoked by logout", async () => {
    await db.createStaff("leaver", PASSWORD);
    const leaving = await loginAs("leaver", PASSWORD);
    expect((await session(leaving)).username).toBe("leaver");
    expect((await call("POST", "/api/portal/logout", { token: leaving })).status).toBe(200);
    const res = await call("GET", "/api/portal/session", { token: leaving });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await session()).username).toBe("frontdesk");
  });

  it("405 with Allow for other methods", async () => {
    const res = await callUnchecked("POST", "/api/portal/session", { token, json: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
  });
});
