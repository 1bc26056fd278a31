import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import type { $ZodType } from "zod/v4/core";
import { describeAppRoutes } from "~/server/app";
import { fieldsOf } from "~/server/contract";
import { sampleElements, sampleFormData, sampleGlobalSettings } from "../../test/fixtures/signature";
import { answer, call, callUnchecked, confirmed, describeEachBackend, loginAs } from "../../test/api";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const PASSWORD = "correct horse battery";

/** Every route that takes a JSON body, read from the app's own route list with the schema it validates. */
const ROUTES = describeAppRoutes().filter((r) => r.body);

/**
 * Where a route's path names a row, a real one where the set-up makes it ({template}, {contact}), so the body reaches
 * the change; an unknown id otherwise (the body is still validated first). One more case keeps a save to a template
 * that does not exist.
 */
const targets = [
  ...ROUTES.map(({ method, path, who, body }) => ({
    method,
    path: path
      .replace(/^\/api\/portal\/templates\/:id/, "/api/portal/templates/{template}")
      .replace(/^\/api\/contacts\/:id/, "/api/contacts/{contact}")
      .replace(":id", UNKNOWN_ID)
      .replace(":version", "1"),
    auth: who !== "anyone",
    body: body!,
  })),
  ...ROUTES.filter((r) => r.path === "/api/portal/templates/:id").map(({ method, body }) => ({
    method,
    path: `/api/portal/templates/${UNKNOWN_ID}`,
    auth: true,
    body: body!,
  })),
];

/** Values that reach deeper for the fields that carry them than random ones do. */
const FIELD_VALUES: Record<string, fc.Arbitrary<unknown>> = {
  category: fc.constantFrom("residential", "multifamily", "commercial"),
  email: fc.emailAddress(),
  formData: fc.constant(JSON.stringify(sampleFormData)),
  elements: fc.constant(JSON.stringify(sampleElements)),
  globalSettings: fc.constant(JSON.stringify(sampleGlobalSettings)),
  website: fc.constant(""),
  description: fc.constant(null),
  handled: fc.boolean(),
};

// Arbitrary JSON, plus near-valid bodies: the route's own fields with arbitrary values (which reach deeper than
// random objects do: NUL bytes, huge numbers, wrong types).
const bodiesFor = (schema: $ZodType) => {
  const fields = Object.fromEntries(
    fieldsOf(schema).map((name) => [
      name,
      fc.oneof(...(FIELD_VALUES[name] ? [FIELD_VALUES[name]] : []), fc.string(), fc.jsonValue()),
    ]),
  );
  return fc.oneof(fc.jsonValue(), fc.record(fields, { requiredKeys: [] }));
};

/** Cases per route: a few each (`npm run bench` is not for this); sign-in hashes a password per case. */
const runsFor = (path: string) => (path.endsWith("/logout") ? 5 : path.includes("/login") ? 10 : 20);

describeEachBackend("arbitrary JSON bodies never cause a 5xx", (db) => {
  let token = "";
  const ids: Record<string, string> = {};
  /** A confirmed admin session (sudo mode), so the routes that need one reach their validation. */
  const signIn = async () => (token = await confirmed(await loginAs("fuzzer", PASSWORD), PASSWORD));
  beforeAll(async () => {
    await db.createStaff("fuzzer", PASSWORD);
    await signIn();
    const template = await call("POST", "/api/portal/templates", { token, json: { title: "t", templateContent: "c" } });
    ids.template = (await answer(template, 201)).id;
    await call("POST", "/api/contact", { json: { firstName: "F", email: "f@example.com", message: "m" } });
    ids.contact = (await db.query<{ id: string }>("SELECT id FROM contact_messages LIMIT 1"))[0]!.id;
  });

  it("found the routes that take a body", () => expect(ROUTES.length).toBeGreaterThanOrEqual(30));

  it.each(targets)("$method $path", async ({ method, path, auth, body: schema }) => {
    const url = path.replace(/\{(\w+)\}/, (_, key: string) => ids[key]!);
    await fc.assert(
      fc.asyncProperty(bodiesFor(schema), fc.ipV4(), async (body, ip) => {
        const res = await callUnchecked(method, url, { json: body, token: auth ? token : undefined, ip });
        expect(res.status).toBeLessThan(500);
        expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
        // Logging out (or a change that ends the session) revokes the token; sign in again so later runs still
        // reach validation.
        if (auth && (res.status === 401 || path.endsWith("/logout"))) await signIn();
      }),
      { numRuns: runsFor(path) },
    );
  });
});
