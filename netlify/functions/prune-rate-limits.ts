import type { Config } from "@netlify/functions";
import { runJob } from "../../src/server/jobs";

/** Hourly: forgets throttle keys with no hit inside any window, so the table stays small. */
export default () => runJob("prune-rate-limits");

export const config: Config = { schedule: "@hourly" };
