/**
 * How notifications leave: SMTP through nodemailer when SMTP_URL is set (any provider: Microsoft 365, Google
 * Workspace, Postmark, SES), each wait bounded so a server that hangs cannot hold a worker; in development without
 * one, each e-mail is written as an .eml file under .data/mail/ and the log says where.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { env } from "~/server/env";
import type { Send } from "./outbox";

/** SMTP time limits: connecting, the server's greeting, and any silence on the socket. */
export const SMTP_TIMEOUTS = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 20_000 } as const;

/** Where `npm run dev` writes the e-mails it would send. */
export const DEV_MAIL_DIR = ".data/mail";

/** Sends through the SMTP server at `url`, giving up on each step after its time limit. */
export function smtpSend(url: string, timeouts: Record<keyof typeof SMTP_TIMEOUTS, number> = SMTP_TIMEOUTS): Send {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
  });
  return (mail) => transport.sendMail(mail);
}

/** The configured way to send, or undefined when notifications cannot be sent (no SMTP and not in development). */
export function mailSender(): { send: Send; from: string } | undefined {
  const e = env();
  const from = e.MAIL_FROM ?? "Anchor Line Portal <portal@localhost>";
  if (e.SMTP_URL) return { send: smtpSend(e.SMTP_URL), from };
  if (!e.DEV_DATABASE_URL) return undefined;
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    from,
    async send(mail) {
      const { message } = (await transport.sendMail(mail)) as { message: Buffer };
      await mkdir(DEV_MAIL_DIR, { recursive: true });
      const file = path.join(
        DEV_MAIL_DIR,
        `${String(mail.messageId)
          .replace(/[<>]/g, "")
          .replace(/[^\w.@-]/g, "_")}.eml`,
      );
      await writeFile(file, message);
      console.info(`notification e-mail written to ${path.resolve(file)} (set SMTP_URL to send it)`);
    },
  };
}
