import { loginSchema } from "../../src/schemas/auth";
import { login } from "../../src/server/auth/login";
import { handle, json, readJson, type FunctionConfig } from "../../src/server/http";

/** Staff sign-in: `{ username, password, rememberMe }` -> `{ token }` (spec 7). */
export default handle({
  async POST(scope) {
    const input = await readJson(scope.req, loginSchema);
    const token = await login(await scope.db(), input, { ip: scope.ip, userAgent: scope.userAgent });
    return json({ token });
  },
});

// Netlify's edge limit per client address, before the function (and the database) is reached; the
// database-backed limits stay the precise ones. Literals: Netlify reads this config without running it.
export const config: FunctionConfig = {
  path: "/api/portal/login",
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
