import { RATE_LIMIT_IDLE_SECONDS } from "../../src/config/api";
import { pruneIdleKeys } from "../../src/server/auth/rate-limit";
import { handle, json, type FunctionConfig } from "../../src/server/http";

/** Hourly job: forgets throttle keys with no hit inside any window, so the table stays small. */
export default handle({
  async POST(scope) {
    const pruned = await pruneIdleKeys(await scope.db(), RATE_LIMIT_IDLE_SECONDS);
    console.info(`prune-rate-limits: deleted ${pruned} idle keys`);
    return json({ pruned });
  },
});

// Scheduled functions have no URL in production: Netlify alone invokes them.
export const config: FunctionConfig = { schedule: "@hourly" };
