/**
 * A suite's own SMTP server: started before its tests, with SMTP_URL (and any other variable given) pointing the
 * app at it, and closed after them with the environment as it was. Apart from test/smtp.ts, which the benches
 * import outside Vitest.
 */
import { afterAll, beforeAll } from "vitest";
import { resetEnv } from "~/server/env";
import { startSmtp, unstartedSmtp, type TestSmtp } from "./smtp";

export function useSmtpServer(variables: Record<string, string> = {}): TestSmtp {
  const smtp = unstartedSmtp();
  const before = Object.fromEntries(["SMTP_URL", ...Object.keys(variables)].map((name) => [name, process.env[name]]));
  beforeAll(async () => {
    await startSmtp(smtp);
    Object.assign(process.env, variables, { SMTP_URL: smtp.url });
    resetEnv();
  });
  afterAll(async () => {
    for (const [name, value] of Object.entries(before))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    resetEnv();
    await smtp.close();
  });
  return smtp;
}
