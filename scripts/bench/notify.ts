/**
 * npm run bench:notify: from POST /api/contact to the notification e-mail accepted by a local SMTP server (the
 * `smtp-server` package in this process), on the production-like server with the embedded database and with
 * PostgreSQL (BENCH_PG_URL or TEST_DATABASE_URL). Two ways to send: the scheduled job alone (serve-prod's poller,
 * the immediate attempt switched off with NOTIFY_SCHEDULED_ONLY) and with the attempt right after the response.
 * Then 100 contact posts at once: every stored message is e-mailed exactly once (counted by its token and by
 * Message-ID), on both paths.
 *
 * The poller runs every BENCH_NOTIFY_POLL_SECONDS (default 2): Netlify's schedule runs the job every minute, so
 * there the scheduled path alone takes up to a minute more than measured here; the immediate attempt is what
 * keeps a lead under a second.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { startSmtp } from "../../test/smtp";
import type { SeedApi } from "../../test/seed";
import { nextIp, onEachDatabase, percentile, report, type Figure } from "./harness";
import { DEV_STAFF_USER } from "../../src/server/config";

const POLL_SECONDS = Number(process.env.BENCH_NOTIFY_POLL_SECONDS ?? 2);
/** Messages timed one after another, per path and database. */
const SAMPLES = Number(process.env.BENCH_NOTIFY_SAMPLES ?? 30);
const BURST = 100;
const TARGET = { scheduledP95Ms: 5_000, immediateP95Ms: 1_000 };
/** How long to keep listening after the last expected e-mail, for a second copy of any of them. */
const DUPLICATE_WATCH_MS = Math.max(3_000, POLL_SECONDS * 2_000);

const smtp = await startSmtp();
/** Arrival time of each e-mail, by the message token in its text; and how many copies of each arrived. */
const arrivals = new Map<string, number>();
const copies = new Map<string, number>();
const messageIds = new Map<string, number>();
smtp.onAccept = (mail) => {
  const token = /bench-token-[\w-]+/.exec(mail.text ?? "")?.[0];
  if (token) {
    if (!arrivals.has(token)) arrivals.set(token, performance.now());
    copies.set(token, (copies.get(token) ?? 0) + 1);
  }
  messageIds.set(String(mail.messageId), (messageIds.get(String(mail.messageId)) ?? 0) + 1);
};

/** Posts one contact message carrying `token`; resolves with the time it was sent. */
async function post(seed: SeedApi, token: string): Promise<number> {
  const started = performance.now();
  await seed.contact({ firstName: "Bench", email: "lead@example.com", message: `Please call ${token}` }, nextIp());
  return started;
}

/** Waits until every token has arrived or `ms` passed. */
async function arrived(tokens: string[], ms: number): Promise<void> {
  const until = performance.now() + ms;
  while (performance.now() < until && tokens.some((t) => !arrivals.has(t))) await sleep(50);
}

const rows: Figure[] = [];
for (const path of ["scheduled job alone", "with the immediate attempt"] as const) {
  const env = {
    SMTP_URL: smtp.url,
    MAIL_FROM: "Bench <bench@example.com>",
    NOTIFY_SCHEDULED_ONLY: path === "scheduled job alone" ? "1" : "0",
  };
  await onEachDatabase(
    async (database, server) => {
      const { seed, token: session } = server;
      const label = `${database}, ${path}${path === "scheduled job alone" ? ` (job every ${POLL_SECONDS} s)` : ""}`;
      // A new notification address needs a recent confirmation of the password (sudo mode).
      await seed.confirm(session, DEV_STAFF_USER.password);
      await seed.notifications(session, { email: "estimator@example.com", notify: "each" });

      // Latency: one message at a time, at random moments of the job's cycle.
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const token = `bench-token-${database}-${path.length}-${i}`.replace(/\W/g, "-");
        const sent = await post(seed, token);
        await arrived([token], 30_000 + POLL_SECONDS * 1_000);
        const at = arrivals.get(token);
        times.push(at === undefined ? Number.POSITIVE_INFINITY : at - sent);
        await sleep(Math.random() * POLL_SECONDS * 500);
      }
      const target = path === "scheduled job alone" ? TARGET.scheduledP95Ms : TARGET.immediateP95Ms;
      const p95 = percentile(times, 95);
      rows.push({
        figure: `${label}: POST to e-mail accepted, p95 of ${SAMPLES} (p50 ${Math.round(percentile(times, 50))} ms)`,
        value: Number.isFinite(p95) ? Math.round(p95) : "never",
        unit: Number.isFinite(p95) ? "ms" : undefined,
        target: `< ${target} ms`,
        pass: p95 < target,
      });

      // 100 at once: each stored message e-mailed exactly once.
      const tokens = Array.from({ length: BURST }, (_, i) => `bench-token-burst-${database}-${path.length}-${i}`);
      const idsBefore = messageIds.size;
      const answered = await Promise.allSettled(tokens.map((t) => post(seed, t)));
      const accepted = answered.filter((a) => a.status === "fulfilled").length;
      await arrived(tokens, 60_000);
      await sleep(DUPLICATE_WATCH_MS);
      const lost = tokens.filter((t) => !arrivals.has(t)).length;
      const doubled = tokens.filter((t) => (copies.get(t) ?? 0) > 1).length;
      const newIds = messageIds.size - idsBefore;
      rows.push({
        figure: `${label}: ${BURST} concurrent posts, ${accepted} answered 201, ${newIds} distinct Message-IDs; lost`,
        value: lost,
        target: "0",
        pass: lost === 0 && accepted === BURST && newIds === BURST,
      });
      rows.push({
        figure: `${label}: ${BURST} concurrent posts; notified twice`,
        value: doubled,
        target: "0",
        pass: doubled === 0,
      });
    },
    { env, args: ["--notify-every", String(POLL_SECONDS)] },
  );
}
await smtp.close();
process.exitCode = (await report("notify", rows)) ? 0 : 1;
