/**
 * `npm run dev` on a fresh clone: every page, the API and the embedded database answer, and the server
 * prints no error line (the only spec that runs against astro dev; the rest run on the production build).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";
import { DEV_STAFF_USER } from "../src/server/config";
import { ALL_PAGES, UNKNOWN_PATH } from "./helpers/site";

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
    env: { ...process.env, FORCE_COLOR: "0" },
  });
  for (const stream of [server.stdout!, server.stderr!])
    stream.on("data", (chunk: Buffer) => output.push(...chunk.toString().split("\n").filter(Boolean)));
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

test("every page answers", async ({ request }) => {
  test.setTimeout(180_000);
  for (const path of ALL_PAGES) {
    const response = await request.get(`${origin}${path}`, { timeout: 60_000 });
    expect(response.status(), path).toBe(path === UNKNOWN_PATH ? 404 : 200);
    expect(await response.text(), path).toContain("<title>");
  }
});

test("the API on the embedded database: dev staff sign-in, then a template created, read, updated, deleted", async ({
  request,
}) => {
  test.setTimeout(120_000);
  const api = (path: string) => `${origin}${path}`;
  expect((await request.get(api("/api/portal/templates"), { timeout: 60_000 })).status()).toBe(401);

  const login = await request.post(api("/api/portal/login"), {
    data: { ...DEV_STAFF_USER, rememberMe: false },
    timeout: 60_000,
  });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };

  const title = `Smoke ${Date.now()}`;
  const created = await request.post(api("/api/portal/templates"), {
    headers,
    data: { title, description: "e2e", templateContent: "Scope of work", category: "multifamily" },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  const listed = (await (await request.get(api("/api/portal/templates"), { headers })).json()) as {
    id: string;
    title: string;
  }[];
  expect(listed.find((t) => t.id === id)?.title).toBe(title);

  const updated = await request.put(api(`/api/portal/templates/${id}`), {
    headers,
    data: { id, title: `${title} v2`, description: "", templateContent: "Scope", category: "commercial" },
  });
  expect(updated.status()).toBe(200);
  expect(((await updated.json()) as { title: string }).title).toBe(`${title} v2`);

  expect((await request.delete(api(`/api/portal/templates/${id}`), { headers })).status()).toBe(200);
});

test("the dev server printed no error line", () => {
  expect(output.length, "the server printed its start-up lines").toBeGreaterThan(0);
  // Request log lines ("[200] /contact/error 10ms") name pages, not problems.
  const logged = output.filter((line) => !/\[\d{3}\] \//.test(line));
  expect(logged.filter((line) => /\berror\b/i.test(line))).toEqual([]);
});
