import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { afterEach, expect, it, vi } from "vitest";
import { resetEnv } from "~/server/env";
import { DEV_MAIL_DIR, mailSender } from "./mailer";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnv();
  vi.restoreAllMocks();
});

it("npm run dev without SMTP settings writes each e-mail as an .eml file under .data/mail and logs where", async () => {
  delete process.env.SMTP_URL;
  process.env.DEV_DATABASE_URL = "postgres://127.0.0.1:1/dev";
  resetEnv();
  const info = vi.spyOn(console, "info").mockImplementation(() => {});
  const messageId = `dev-mail-test-${process.pid}@example.com`;
  await mailSender()!.send({
    to: "staff@example.com",
    subject: "New message",
    text: "Hello",
    messageId: `<${messageId}>`,
  });
  const file = path.resolve(DEV_MAIL_DIR, `${messageId}.eml`);
  try {
    expect(await readFile(file, "utf8")).toMatch(/Subject: New message[\s\S]*Hello/);
    expect(info).toHaveBeenCalledWith(expect.stringContaining(file));
  } finally {
    await rm(file, { force: true });
  }
});

it("without SMTP settings outside development nothing can be sent (the job says so instead of failing rows)", () => {
  delete process.env.SMTP_URL;
  delete process.env.DEV_DATABASE_URL;
  resetEnv();
  expect(mailSender()).toBeUndefined();
});
