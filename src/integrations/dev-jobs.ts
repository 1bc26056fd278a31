import type { AstroIntegration, AstroIntegrationLogger } from "astro";
import { isRunnableDevEnvironment, type ViteDevServer } from "vite";
import { API_ENVIRONMENT } from "./dev-api";
import { devDatabaseReady } from "./dev-database";

type JobsModule = typeof import("~/server/jobs");
type JobName = keyof JobsModule["JOBS"];

/** How often each scheduled function runs on Netlify (its `config.schedule` in netlify/functions), in minutes. */
export const DEV_SCHEDULES = {
  "deliver-notifications": { cron: "* * * * *", everyMinutes: 1 },
  "prune-rate-limits": { cron: "@hourly", everyMinutes: 60 },
  "prune-retention": { cron: "@daily", everyMinutes: 24 * 60 },
  "purge-deleted": { cron: "@daily", everyMinutes: 24 * 60 },
} as const satisfies Record<JobName, { cron: string; everyMinutes: number }>;

/** Milliseconds from `now` to the next start of a period of `minutes` (UTC), as cron counts them. */
export function untilNextRun(minutes: number, now = Date.now()): number {
  const period = minutes * 60_000;
  return period - (now % period);
}

/**
 * `astro dev` runs the scheduled jobs as Netlify does: every minute (notifications, bid seals and follow-ups,
 * overdue leads, digests), hourly and daily, on the dev database, each run logging its one line. The jobs load
 * through the API's module runner, so an edited job runs as edited at its next run.
 */
export default function devJobs(): AstroIntegration {
  return {
    name: "dev-jobs",
    hooks: {
      "astro:server:setup"({ server, logger }) {
        const timers: NodeJS.Timeout[] = [];
        for (const [name, { everyMinutes }] of Object.entries(DEV_SCHEDULES) as [JobName, { everyMinutes: number }][]) {
          const run = () => void runOnce(server, name, logger);
          timers.push(
            setTimeout(() => {
              run();
              timers.push(setInterval(run, everyMinutes * 60_000).unref());
            }, untilNextRun(everyMinutes)).unref(),
          );
        }
        server.httpServer?.once("close", () => timers.forEach(clearTimeout));
      },
    },
  };
}

const running = new Set<JobName>();

/** One run of a job (skipped while its previous run is still going), logged as the function's log line. */
async function runOnce(server: ViteDevServer, name: JobName, logger: AstroIntegrationLogger): Promise<void> {
  if (running.has(name)) return;
  running.add(name);
  try {
    await devDatabaseReady();
    const environment = server.environments[API_ENVIRONMENT];
    if (!environment || !isRunnableDevEnvironment(environment)) return;
    const { JOBS } = await environment.runner.import<JobsModule>("/src/server/jobs.ts");
    const { openDb } = await environment.runner.import<typeof import("~/server/db")>("/src/server/db/index.ts");
    const db = await openDb({ timeouts: false });
    try {
      logger.info(`${name}: ${JSON.stringify(await JOBS[name](db))}`);
    } finally {
      await db.close();
    }
  } catch (error) {
    logger.error(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    running.delete(name);
  }
}
