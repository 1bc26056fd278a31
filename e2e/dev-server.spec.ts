/**
 * `npm run dev` on a fresh clone: the only spec that runs against astro dev (the rest run on the production build).
 * One dev server, on a data folder of its own and given only where to send mail, and on it:
 * - it serves a page with netlify.toml's header rules and answers the API on its embedded database;
 * - the whole product works locally: a new notification address is confirmed through the e-mail its link arrives
 *   in (sent right after the response, through SMTP_URL), and the scheduled jobs run on Netlify's schedules,
 *   each run logging its line;
 * - and through all of it the server prints no error or warning line.
 * Every page and a portal walk on the dev server are `npm run bench:dev`'s.
 */
import { rm } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { DEV_STAFF_USER } from "../src/server/config";
import { seedApi, sendTo } from "../test/seed";
import { startSmtp, type TestSmtp } from "../test/smtp";
import { startDevServer, type DevServer } from "./helpers/dev-server";

const DATA_DIR = ".data/e2e-dev";
let server: DevServer;
let smtp: TestSmtp;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = await startSmtp();
  await rm(DATA_DIR, { recursive: true, force: true });
  server = await startDevServer({
    port: Number(process.env.E2E_DEV_PORT ?? 4321),
    env: { DEV_DATA_DIR: DATA_DIR, SMTP_URL: smtp.url, MAIL_FROM: "Anchor Line Portal <portal@example.com>" },
    readyPath: "/api/portal/session",
    readyStatus: 401,
    timeout: 220_000,
  });
});

test.afterAll(async () => {
  server?.stop();
  await smtp?.close();
});

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

test("a new notification address is confirmed through the e-mail its link arrives in, within two minutes", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const seed = seedApi(sendTo(server.origin));
  const token = await seed.confirm(await seed.login(DEV_STAFF_USER), DEV_STAFF_USER.password);
  const address = `dev-${Date.now()}@example.com`;
  await seed.notifications(token, { email: address, notify: "each" });

  const mailTo = () => smtp.received.find((m) => (m.to as { text: string } | undefined)?.text === address);
  await expect.poll(mailTo, { timeout: 120_000, intervals: [500] }).toBeDefined();
  const link = /https?:\/\/\S+\/portal\/confirm-address#[\w-]+/.exec(mailTo()!.text ?? "")?.[0];
  expect(link, mailTo()!.text).toBeTruthy();

  await page.goto(link!, { timeout: 120_000 });
  await expect(page.getByRole("heading", { name: "Address confirmed" })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(`Portal e-mails now go to ${address}.`)).toBeVisible();
  expect(await seed.notificationSettings(token)).toMatchObject({ email: address, pendingEmail: null });
});

test("the every-minute job runs on the dev server and logs its line", async () => {
  test.setTimeout(150_000);
  await expect
    .poll(() => server.output.find((line) => /deliver-notifications: \{/.test(line)), {
      timeout: 130_000,
      intervals: [1000],
    })
    .toBeDefined();
  expect(server.output.filter((line) => /deliver-notifications failed/.test(line))).toEqual([]);
});

test("the dev server printed no error or warning line", () => {
  expect(server.output.length, "the server printed its start-up lines").toBeGreaterThan(0);
  // Request log lines ("[200] /contact/error 10ms") name pages, not problems.
  const logged = server.output.filter((line) => !/\[\d{3}\] \//.test(line));
  expect(logged.filter((line) => /\b(error|warn(ing)?)\b|\[WARN\]/i.test(line))).toEqual([]);
});
