import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEV_SCHEDULES, untilNextRun } from "./dev-jobs";

const FUNCTIONS = new URL("../../netlify/functions/", import.meta.url);

/** Each scheduled Netlify function's job and its schedule, read from its source. */
const netlifySchedules = Object.fromEntries(
  readdirSync(FUNCTIONS)
    .map((file) => readFileSync(new URL(file, FUNCTIONS), "utf8"))
    .flatMap((source) => {
      const job = /runJob\("([^"]+)"\)/.exec(source)?.[1];
      const schedule = /schedule:\s*"([^"]+)"/.exec(source)?.[1];
      return job && schedule ? [[job, schedule]] : [];
    }),
);

describe("npm run dev's scheduled jobs", () => {
  it("are Netlify's scheduled functions, on the same schedules", () => {
    expect(Object.keys(netlifySchedules).length).toBeGreaterThan(0);
    expect(Object.fromEntries(Object.entries(DEV_SCHEDULES).map(([job, { cron }]) => [job, cron]))).toEqual(
      netlifySchedules,
    );
  });

  it.each([
    ["a minute's job at 12:00:30 runs at 12:01:00", 1, "2026-11-27T12:00:30Z", 30_000],
    ["an hourly job at 12:59:00 runs at 13:00", 60, "2026-11-27T12:59:00Z", 60_000],
    ["a daily job at 23:00 runs at midnight UTC", 24 * 60, "2026-11-27T23:00:00Z", 3_600_000],
  ])("%s", (_, minutes, at, wait) => {
    expect(untilNextRun(minutes, Date.parse(at))).toBe(wait);
  });
});
