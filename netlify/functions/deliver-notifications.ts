import type { Config } from "@netlify/functions";
import { runJob } from "../../src/server/jobs";

/**
 * Every minute: seals signed bids and queues their follow-ups, then sends the notification e-mails that are due
 * (and each day's digests at 7:00 company time).
 */
export default () => runJob("deliver-notifications");

export const config: Config = { schedule: "* * * * *" };
