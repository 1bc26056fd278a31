/**
 * Hostile input and attack probes in one place: every route and every method fed
 * arbitrary strings, deep nesting, huge bodies and wrong content types (never a 5xx); stored XSS stays
 * inert data; forged tokens are refused; unknown users and wrong passwords take the same time; the
 * throttles answer 429; a missing token secret fails closed. Arbitrary JSON per endpoint: fuzz.test.ts.
 */
import fc from "fast-check";
import { SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, expect, it } from "vitest";
import { CONTACT_RATE_LIMIT, PORTAL_AUTH_UNCONFIGURED } from "./config";
import { MAX_BODY_BYTES } from "~/schemas/limits";
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from "~/server/config";
import { resetEnv } from "~/server/env";
import { call, callUnchecked, describeEachBackend, loginAs, randomIp } from "../../test/api";
import { app } from "~/server/app";

const ALLOWED = new Set([400, 401, 404, 405, 413, 415, 429]);
/**
 * The no-JavaScript contact form answers every outcome with a 303 to its result page, and a client's bid link
 * refuses any request with a staff token 403 (staff never act as the client), both by design.
 */
const ok = (status: number, path = "") =>
  (status >= 200 && status < 300) ||
  ALLOWED.has(status) ||
  (status === 303 && path === "/api/contact/form") ||
  (status === 403 && path.startsWith("/api/bids/"));
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Every route's path, `:id` filled with an id no row has and `:file` with an image no row has. */
const PATHS = [
  ...new Set(
    app.routes
      .filter((r) => r.method !== "ALL")
      .map((r) => r.path.replace(":id", UNKNOWN_ID).replace(":file", "0.png")),
  ),
];

const deep = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
const HOSTILE_BODIES: { name: string; raw: string | Uint8Array; type?: string }[] = [
  { name: "deep nesting", raw: deep(100_000), type: "application/json" },
  { name: "deep objects", raw: '{"a":'.repeat(50_000) + "1" + "}".repeat(50_000), type: "application/json" },
  { name: "huge string", raw: JSON.stringify({ message: "x".repeat(MAX_BODY_BYTES + 10) }), type: "application/json" },
  {
    name: "NUL bytes",
    raw: JSON.stringify({ title: "a\u0000b", username: "\u0000", message: "\u0000" }),
    type: "application/json",
  },
  { name: "lone surrogates", raw: '{"title":"\\ud800","message":"\\udfff"}', type: "application/json" },
  { name: "text/plain", raw: '{"username":"admin"}', type: "text/plain" },
  {
    name: "multipart",
    raw: "--b\r\nContent-Disposition: form-data; name=x\r\n\r\n1\r\n--b--",
    type: "multipart/form-data; boundary=b",
  },
  { name: "no content type", raw: "{}" },
  { name: "bad UTF-8", raw: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), type: "application/json" },
  {
    name: "prototype pollution",
    raw: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
    type: "application/json",
  },
];

/** The methods each path has: another method is answered 405 before any handler reads a body. */
const METHODS_OF = new Map<string, Set<string>>();
for (const r of app.routes.filter((r) => r.method !== "ALL")) {
  const path = r.path.replace(":id", UNKNOWN_ID).replace(":file", "0.png");
  METHODS_OF.set(path, (METHODS_OF.get(path) ?? new Set()).add(r.method));
}

/**
 * Every hostile body for a method the path has. A GET sends no body, so one run covers it; a method the path
 * lacks gets the oversized body only (the body cap runs before routing) and the plain one.
 */
function bodiesFor(path: string, method: (typeof METHODS)[number]) {
  if (method === "GET") return HOSTILE_BODIES.slice(0, 1);
  if (!METHODS_OF.get(path)?.has(method)) return HOSTILE_BODIES.filter((b) => b.name === "huge string" || !b.type);
  return HOSTILE_BODIES;
}

describeEachBackend("hostile input on every endpoint", (db) => {
  let token = "";
  beforeAll(async () => {
    await db.createStaff("hostile", "correct horse battery");
    token = await loginAs("hostile", "correct horse battery");
  });

  it("found the routes", () => expect(PATHS.length).toBeGreaterThanOrEqual(8));

  it.each(PATHS)("%s: every method and hostile body answers without a 5xx", async (path) => {
    for (const method of METHODS)
      for (const body of bodiesFor(path, method))
        for (const auth of [undefined, token]) {
          const res = await callUnchecked(method, path, {
            raw: method === "GET" ? undefined : (body.raw as BodyInit),
            headers: body.type ? { "content-type": body.type } : {},
            token: auth,
            ip: randomIp(),
          });
          expect(ok(res.status, path), `${method} ${path} ${body.name}: ${res.status} ${await res.text()}`).toBe(true);
        }
  });

  it.each(PATHS)("%s: arbitrary strings as body and query never give a 5xx", async (path) => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...METHODS),
        fc.string({ unit: "binary" }),
        fc.string(),
        async (method, raw, q) => {
          const res = await callUnchecked(method, `${path}?${encodeURIComponent(q)}=${encodeURIComponent(raw)}`, {
            raw: method === "GET" ? undefined : raw,
            headers: { "content-type": "application/json" },
            token,
            ip: randomIp(),
          });
          expect(ok(res.status, path), `${method} ${res.status}`).toBe(true);
        },
      ),
      // Fifteen per path with the other suites' fuzzing (fuzz.test.ts) was most of the unit step's slowest file.
      { numRuns: 8 },
    );
  });
});

describeEachBackend("attack probes", (db) => {
  let token = "";
  beforeAll(async () => {
    await db.createStaff("prober", "correct horse battery");
    token = await loginAs("prober", "correct horse battery");
  });

  it("stored XSS comes back as inert JSON data (nosniff, no HTML)", async () => {
    const payload = `<script>alert(1)</script><img src=x onerror=alert(2)>`;
    const posted = await call("POST", "/api/contact", {
      json: { firstName: payload, email: "xss@example.com", message: payload },
      ip: randomIp(),
    });
    expect(posted.status).toBe(201);
    const created = await call("POST", "/api/portal/templates", {
      token,
      json: { title: payload, templateContent: payload },
    });
    expect(created.status).toBe(201);
    for (const path of ["/api/contacts", "/api/portal/templates"]) {
      const res = await callUnchecked("GET", path, { token });
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      const text = await res.text();
      expect(JSON.parse(text)).toEqual(expect.arrayContaining([expect.anything()]));
      expect(text).toContain(JSON.stringify(payload).slice(1, -1));
    }
  });

  it.each([
    [
      "unsigned (alg none)",
      () =>
        new UnsecuredJWT({ sub: UNKNOWN_ID, ver: 0 })
          .setIssuer(TOKEN_ISSUER)
          .setAudience(TOKEN_AUDIENCE)
          .setExpirationTime("1h")
          .encode(),
    ],
    [
      "signed with another key",
      () =>
        new SignJWT({ sub: UNKNOWN_ID, ver: 0 })
          .setProtectedHeader({ alg: "HS256" })
          .setIssuer(TOKEN_ISSUER)
          .setAudience(TOKEN_AUDIENCE)
          .setExpirationTime("1h")
          .sign(new TextEncoder().encode("x".repeat(48))),
    ],
    [
      "a real token with its payload swapped",
      async () => {
        const [head, , sig] = token.split(".");
        const body = Buffer.from(
          JSON.stringify({ sub: UNKNOWN_ID, ver: 0, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, exp: 4e9 }),
        ).toString("base64url");
        return `${head}.${body}.${sig}`;
      },
    ],
    ["garbage", async () => "not.a.token"],
  ])("a forged token (%s) is refused with 401", async (_name, forge) => {
    const forged = await forge();
    for (const path of ["/api/portal/session", "/api/portal/templates", "/api/contacts"]) {
      expect((await callUnchecked("GET", path, { token: forged })).status).toBe(401);
    }
  });

  it(`the contact form answers 429 past ${CONTACT_RATE_LIMIT.perIp} messages from one address`, async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i <= CONTACT_RATE_LIMIT.perIp; i++) {
      const res = await call("POST", "/api/contact", {
        json: { firstName: "R", email: "r@example.com", message: "m" },
        ip,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describeEachBackend("a missing token secret in production fails closed", () => {
  const saved = process.env.PORTAL_JWT_SECRET;
  beforeAll(() => {
    delete process.env.PORTAL_JWT_SECRET;
    resetEnv();
  });
  afterAll(() => {
    process.env.PORTAL_JWT_SECRET = saved;
    resetEnv();
  });

  it("login and staff endpoints answer 503, nobody gets in", async () => {
    const login = await call("POST", "/api/portal/login", { json: { username: "admin", password: "anchorline-dev" } });
    expect(login.status).toBe(503);
    expect(await login.json()).toEqual({ error: PORTAL_AUTH_UNCONFIGURED, code: "unavailable" });
    expect((await call("GET", "/api/portal/templates", { token: "x.y.z" })).status).toBe(503);
  });
});
