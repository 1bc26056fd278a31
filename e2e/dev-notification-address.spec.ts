/**
 * On `npm run dev`, the whole product works locally: a new notification address is confirmed through the e-mail
 * its link arrives in (sent right after the response, through SMTP_URL), and the scheduled jobs run on Netlify's
 * schedules, each run logging its line. A dev server of its own (its own port and data folder) beside the smoke's.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { rm } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { DEV_STAFF_USER } from "../src/server/config";
import { seedApi, sendTo } from "../test/seed";
import { startSmtp, type TestSmtp } from "../test/smtp";

const port = Number(process.env.E2E_DEV_PORT ?? 4321) + 1;
const origin = `http://localhost:${port}`;
const DATA_DIR = ".data/e2e-dev-notification";
const output: string[] = [];
let server: ChildProcess | undefined;
let smtp: TestSmtp;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // Starting, creating the database and compiling is the developer's wait, not a user's.
  test.setTimeout(240_000);
  smtp = await startSmtp();
  await rm(DATA_DIR, { recursive: true, force: true });
  server = spawn("npx", ["astro", "dev", "--port", String(port)], {
    detached: true,
    env: {
      ...process.env,
      FORCE_COLOR: "0",
      NO_COLOR: "1",
      DEV_DATA_DIR: DATA_DIR,
      SMTP_URL: smtp.url,
      MAIL_FROM: "Anchor Line Portal <portal@example.com>",
    },
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
        fetch(`${origin}/api/portal/session`).then(
          (r) => r.status,
          () => 0,
        ),
      {
        timeout: 220_000,
        intervals: [500],
      },
    )
    .toBe(401);
});

test.afterAll(async () => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
  await smtp?.close();
});

test("a new notification address is confirmed through the e-mail its link arrives in, within two minutes", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const seed = seedApi(sendTo(origin));
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
    .poll(() => output.find((line) => /deliver-notifications: \{/.test(line)), { timeout: 130_000, intervals: [1000] })
    .toBeDefined();
  expect(output.filter((line) => /deliver-notifications failed/.test(line))).toEqual([]);
});
