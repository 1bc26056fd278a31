import { expect, it } from "vitest";
import { RATE_LIMIT_IDLE_SECONDS } from "~/server/config";
import { JOBS } from "~/server/jobs";
import { describeEachBackend } from "../../test/api";

describeEachBackend("throttle keys", (db) => {
  it("the hourly job deletes keys idle past every window and keeps the rest", async () => {
    await db.query(
      `INSERT INTO rate_limits (bucket, key, hits) VALUES
         ('contact', 'idle', ARRAY[now() - make_interval(secs => $1 + 60), now() - make_interval(secs => $1 + 1)]),
         ('contact', 'recent', ARRAY[now() - make_interval(secs => $1 + 60), now() - interval '1 minute'])`,
      [RATE_LIMIT_IDLE_SECONDS],
    );
    expect(await JOBS["prune-rate-limits"](db)).toEqual({ pruned: 1 });
    const keys = await db.query<{ key: string }>("SELECT key FROM rate_limits ORDER BY key");
    expect(keys.map((k) => k.key)).toEqual(["recent"]);
  });
});
