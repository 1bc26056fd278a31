import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import { sampleElements, sampleFormData, sampleGlobalSettings } from "../../test/fixtures/signature";
import { call, describeEachBackend, loginAs } from "../../test/api";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

/** Every endpoint that takes a body; {id} is replaced by a real row's id. */
const targets = [
  { method: "POST", path: "/api/contact", auth: false },
  { method: "POST", path: "/api/portal/login", auth: false },
  { method: "POST", path: "/api/portal/templates", auth: true },
  { method: "PUT", path: "/api/portal/templates/{template}", auth: true },
  { method: "PUT", path: `/api/portal/templates/${UNKNOWN_ID}`, auth: true },
  { method: "POST", path: "/api/portal/signature-templates", auth: true },
  { method: "PATCH", path: "/api/contacts/{contact}", auth: true },
  { method: "POST", path: "/api/portal/logout", auth: true },
] as const;

// Arbitrary JSON, plus near-valid bodies whose fields are replaced by arbitrary values
// (which reach deeper than random objects do: NUL bytes, huge numbers, wrong types).
const nearValid = fc.record(
  {
    title: fc.oneof(fc.string(), fc.jsonValue()),
    templateContent: fc.oneof(fc.string(), fc.jsonValue()),
    category: fc.oneof(fc.constantFrom("residential", "multifamily", "commercial"), fc.jsonValue()),
    description: fc.oneof(fc.string(), fc.constant(null), fc.jsonValue()),
    firstName: fc.string(),
    email: fc.oneof(fc.emailAddress(), fc.string()),
    message: fc.string(),
    username: fc.string(),
    password: fc.string(),
    rememberMe: fc.jsonValue(),
    handled: fc.oneof(fc.boolean(), fc.jsonValue()),
    name: fc.string(),
    formData: fc.oneof(fc.constant(JSON.stringify(sampleFormData)), fc.json(), fc.string()),
    elements: fc.oneof(fc.constant(JSON.stringify(sampleElements)), fc.json()),
    globalSettings: fc.oneof(fc.constant(JSON.stringify(sampleGlobalSettings)), fc.json()),
    isCompanyTemplate: fc.jsonValue(),
    htmlContent: fc.oneof(fc.string(), fc.jsonValue()),
    logoUrl: fc.oneof(fc.string(), fc.jsonValue()),
    website: fc.oneof(fc.constant(""), fc.string()),
  },
  { requiredKeys: [] },
);

const bodies = fc.oneof(fc.jsonValue(), nearValid);

describeEachBackend("arbitrary JSON bodies never cause a 5xx", (db) => {
  let token = "";
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    await db.createStaff("fuzzer", "correct horse battery");
    token = await loginAs("fuzzer", "correct horse battery");
    const template = await call("POST", "/api/portal/templates", { token, json: { title: "t", templateContent: "c" } });
    ids.template = ((await template.json()) as { id: string }).id;
    await call("POST", "/api/contact", { json: { firstName: "F", email: "f@example.com", message: "m" } });
    ids.contact = (await db.query<{ id: string }>("SELECT id FROM contact_messages LIMIT 1"))[0]!.id;
  });

  it.each(targets)("$method $path", async ({ method, path, auth }) => {
    const url = path.replace(/\{(\w+)\}/, (_, key: string) => ids[key]!);
    await fc.assert(
      fc.asyncProperty(bodies, fc.ipV4(), async (body, ip) => {
        const res = await call(method, url, { json: body, token: auth ? token : undefined, ip });
        expect(res.status).toBeLessThan(500);
        expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
        // Logging out revokes the token; sign in again so later runs still reach validation.
        if (path.endsWith("/logout") && res.status === 200) token = await loginAs("fuzzer", "correct horse battery");
      }),
      { numRuns: path.endsWith("/logout") ? 5 : path.endsWith("/login") ? 10 : 150 },
    );
  });
});
