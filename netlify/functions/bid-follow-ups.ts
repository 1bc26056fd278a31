import type { Config } from "@netlify/functions";
import { runJob } from "../../src/server/jobs";

/** Every minute: seals accepted bids still unsealed (retrying failures), queues reminders and expiry notices. */
export default () => runJob("bid-follow-ups");

export const config: Config = { schedule: "* * * * *" };
