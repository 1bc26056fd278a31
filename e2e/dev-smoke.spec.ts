/**
 * `npm run dev` on a fresh clone starts, serves a page with netlify.toml's header rules and answers the API on
 * its embedded database, and prints no error or warning line (the only spec that runs against astro dev; the
 * rest run on the production build). Every page and a portal walk on the dev server are `npm run bench:dev`'s.
 */
import { expect, test } from "@playwright/test";
import { DEV_STAFF_USER } from "../src/server/config";
import { seedApi, sendTo } from "../test/seed";
import { startDevServer, type DevServer } from "./helpers/dev-server";

let server: DevServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startDevServer({
    port: Number(process.env.E2E_DEV_PORT ?? 4321),
    readyPath: "/",
    readyStatus: 200,
    timeout: 150_000,
  });
});

test.afterAll(() => server?.stop());

test("serves a page with netlify.toml's header rules, and the API on the embedded database", async ({ request }) => {
  test.setTimeout(120_000);
  const home = await request.get(`${server.origin}/`, { timeout: 60_000 });
  expect(home.status()).toBe(200);
  expect(await home.text()).toContain("<title>");
  expect(home.headers()["x-frame-options"]).toBe("DENY");
  expect(home.headers()["permissions-policy"]).toContain("publickey-credentials-get=(self)");

  // The global fetch: no request timeout of its own, as the first call may wait for the API to compile.
  const seed = seedApi(sendTo(server.origin));
  const token = await seed.login(DEV_STAFF_USER);
  const listed = await seed.templateList(token);
  expect(listed.status).toBe(200);
  expect(Array.isArray(await listed.json())).toBe(true);
  // The API's answers carry the app's own headers, as on Netlify, where the site's rules do not reach functions.
  expect(listed.headers.get("cache-control")).toBe("no-store");
  expect(listed.headers.get("x-frame-options")).toBeNull();
});

test("the dev server printed no error or warning line", () => {
  expect(server.output.length, "the server printed its start-up lines").toBeGreaterThan(0);
  // Request log lines ("[200] /contact/error 10ms") name pages, not problems.
  const logged = server.output.filter((line) => !/\[\d{3}\] \//.test(line));
  expect(logged.filter((line) => /\b(error|warn(ing)?)\b|\[WARN\]/i.test(line))).toEqual([]);
});
