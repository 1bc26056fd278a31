import type { Config } from "@netlify/functions";
import { runJob } from "../../src/server/jobs";

/** Daily: deletes for good the proposal templates that have been in the Trash longer than 30 days. */
export default () => runJob("purge-trash");

export const config: Config = { schedule: "@daily" };
