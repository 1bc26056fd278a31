import { contactMessageSchema } from "../../src/schemas/contact";
import { submitContact } from "../../src/server/contacts";
import { handle, json, readJson, type FunctionConfig } from "../../src/server/http";

/** Public contact form (spec 7). A filled honeypot gets the same 201 and stores nothing. */
export default handle({
  async POST(scope) {
    const message = await readJson(scope.req, contactMessageSchema);
    await submitContact(await scope.db(), message, scope.ip);
    return json({ ok: true }, 201);
  },
});

// Netlify's edge limit per client address, before the function (and the database) is reached; the
// database-backed limits stay the precise ones. Literals: Netlify reads this config without running it.
export const config: FunctionConfig = {
  path: "/api/contact",
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
