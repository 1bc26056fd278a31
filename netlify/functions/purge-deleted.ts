import type { Config } from "@netlify/functions";
import { runJob } from "../../src/server/jobs";

/** Daily: deletes proposal templates 30 days in the Trash, and stored images no template or recent export needs. */
export default () => runJob("purge-deleted");

export const config: Config = { schedule: "@daily" };
