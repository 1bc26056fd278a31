/**
 * On `npm run dev`, the whole product works locally: a new notification address is confirmed through the e-mail
 * its link arrives in (sent right after the response, through SMTP_URL), and the scheduled jobs run on Netlify's
 * schedules, each run logging its line. A dev server of its own (its own port and data folder) beside the smoke's.
 */
import { rm } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { DEV_STAFF_USER } from "../src/server/config";
import { seedApi, sendTo } from "../test/seed";
import { startSmtp, type TestSmtp } from "../test/smtp";
import { startDevServer, type DevServer } from "./helpers/dev-server";

const DATA_DIR = ".data/e2e-dev-notification";
let server: DevServer;
let smtp: TestSmtp;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = await startSmtp();
  await rm(DATA_DIR, { recursive: true, force: true });
  // Its own port and data folder, beside the smoke's.
  server = await startDevServer({
    port: Number(process.env.E2E_DEV_PORT ?? 4321) + 1,
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
