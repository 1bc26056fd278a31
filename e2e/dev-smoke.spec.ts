/**
 * `npm run dev` on a fresh clone starts, serves a page with netlify.toml's header rules and answers the API on
 * its embedded database, and prints no error or warning line (the only spec that runs against astro dev; the
 * rest run on the production build). Every page and a portal walk on the dev server are `npm run bench:dev`'s.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";
import { DEV_STAFF_USER } from "../src/server/config";
import { seedApi, sendTo } from "../test/seed";

const port = Number(process.env.E2E_DEV_PORT ?? 4321);
const origin = `http://localhost:${port}`;
const output: string[] = [];
let server: ChildProcess | undefined;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // Starting and compiling is the developer's wait, not a user's: the first answer may take a while.
  test.setTimeout(180_000);
  server = spawn("npx", ["astro", "dev", "--port", String(port)], {
    detached: true,
    env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" },
  });
  for (const stream of [server.stdout!, server.stderr!])
    stream.on("data", (chunk: Buffer) =>
      output.push(
        ...chunk
          .toString()
          .replace(/\x1b\[[0-9;]*m/g, "")
          .split("\n")
          .filter(Boolean),
      ),
    );
  await expect
    .poll(
      () =>
        fetch(`${origin}/`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 150_000, intervals: [500] },
    )
    .toBe(200);
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
});

test("serves a page with netlify.toml's header rules, and the API on the embedded database", async ({ request }) => {
  test.setTimeout(120_000);
  const home = await request.get(`${origin}/`, { timeout: 60_000 });
  expect(home.status()).toBe(200);
  expect(await home.text()).toContain("<title>");
  expect(home.headers()["x-frame-options"]).toBe("DENY");
  expect(home.headers()["permissions-policy"]).toContain("publickey-credentials-get=(self)");

  // The global fetch: no request timeout of its own, as the first call may wait for the API to compile.
  const seed = seedApi(sendTo(origin));
  const token = await seed.login(DEV_STAFF_USER);
  const listed = await seed.templateList(token);
  expect(listed.status).toBe(200);
  expect(Array.isArray(await listed.json())).toBe(true);
  // The API's answers carry the app's own headers, as on Netlify, where the site's rules do not reach functions.
  expect(listed.headers.get("cache-control")).toBe("no-store");
  expect(listed.headers.get("x-frame-options")).toBeNull();
});

test("the dev server printed no error or warning line", () => {
  expect(output.length, "the server printed its start-up lines").toBeGreaterThan(0);
  // Request log lines ("[200] /contact/error 10ms") name pages, not problems.
  const logged = output.filter((line) => !/\[\d{3}\] \//.test(line));
  expect(logged.filter((line) => /\b(error|warn(ing)?)\b|\[WARN\]/i.test(line))).toEqual([]);
});
