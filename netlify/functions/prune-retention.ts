import type { Config } from "@netlify/functions";
import { runJob } from "../../src/server/jobs";

/** Daily: deletes audit rows, contact-message addresses and sign-in addresses past the retention period. */
export default () => runJob("prune-retention");

export const config: Config = { schedule: "@daily" };
