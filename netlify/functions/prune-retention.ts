import { handle, json, type FunctionConfig } from "../../src/server/http";
import { pruneExpired } from "../../src/server/retention";

/** Daily job: deletes audit rows, contact-message addresses and sign-in addresses past RETENTION_DAYS. */
export default handle({
  async POST(scope) {
    const removed = await pruneExpired(await scope.db());
    console.info(`prune-retention: ${JSON.stringify(removed)}`);
    return json(removed);
  },
});

// Scheduled functions have no URL in production: Netlify alone invokes them.
export const config: FunctionConfig = { schedule: "@daily" };
