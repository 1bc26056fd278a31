/**
 * What Netlify's scheduler does for the production-like server: runs a scheduled job (src/server/jobs.ts) on
 * a timer, on the app's database. A run that is still going when the timer fires is not overlapped.
 */
import type { AppDeps } from "../../src/server/app";
import { JOBS } from "../../src/server/jobs";

export interface JobPoller {
  /** Runs the job now (unless a run is going) and resolves with its result. */
  runNow(): Promise<object | undefined>;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/** Runs `name` every `everyMs` on `database`, logging each run that did something (and every failure). */
export function startJobPoller(
  name: keyof typeof JOBS,
  database: AppDeps["database"],
  everyMs: number,
  log: (line: string) => void = console.info,
): JobPoller {
  let running: Promise<object | undefined> | undefined;
  const runNow = () =>
    (running ??= (async () => {
      const db = await database();
      try {
        const result = await JOBS[name](db);
        if (didSomething(result)) log(`${name}: ${JSON.stringify(result)}`);
        return result;
      } catch (error) {
        log(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      } finally {
        await db.close();
        running = undefined;
      }
    })());
  const timer = setInterval(() => void runNow(), everyMs);
  timer.unref();
  return {
    runNow,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/** A result with a non-zero count in it (an idle minute is not worth a log line). */
const didSomething = (result: object) => Object.values(result).some((v) => typeof v === "number" && v > 0);
