/**
 * The API suites that run on the real PostgreSQL server too (through Neon's driver), each with the reason the
 * engine matters there. Every other suite runs on the embedded database only: HTTP validation, authorization,
 * error codes and business rules behave the same on both, and PGlite runs them in one connection at a fraction
 * of the cost. A suite belongs here when what it tests depends on what only a server with many connections
 * shows (row locks, races, a held transaction beside another), on triggers and constraints the product relies
 * on to keep records, on time-based purges run as SQL, on the export and restore of whole tables, or on volume.
 *
 * An entry names the whole suite, or `{ why, tests }`: only the tests whose titles match `tests` run again on the
 * server, where a suite is mostly rules that behave alike on both and a few tests of the engine (a race, a locked
 * count). Its copy there fails when `tests` matches no test, so a renamed test cannot leave the server untested.
 *
 * Paths are relative to the repository root. `src/server/db/postgres-suites.test.ts` holds the list to the
 * files: each entry exists and calls `describeEachBackend`. The database layer's own suites
 * (`src/server/db/*.test.ts`, `src/server/unavailable.test.ts`) open PostgreSQL themselves and are not listed.
 */
export type PostgresSuite = string | { why: string; tests: RegExp };

export const POSTGRES_SUITES: Readonly<Record<string, PostgresSuite>> = {
  // Locks and races
  "src/server/auth/login-throttle.test.ts": {
    why: "the login throttle is row-locked; parallel guesses must not slip past it",
    tests: /parallel|hammered/,
  },
  "src/server/auth/failure-stop.test.ts": "the failure count that stops passwords is updated under the throttle's lock",
  "src/server/rate-limit.test.ts": "the rate-limit table's pruning job runs as SQL on the server's clock",
  "src/server/leads/contact.test.ts": "20 parallel messages from one address must store exactly the rate limit",
  "src/server/notifications/outbox.test.ts": {
    why: "outbox leasing: two senders must not take the same message",
    tests: /racing/,
  },
  "src/server/staff/staff.test.ts": {
    why: "the last active admin cannot be demoted or disabled, held by a locked count",
    tests: /last active admin|the last one who signed in/,
  },
  "src/server/notifications/preferences.test.ts": {
    why: "two last recipients leaving at once: one must stay",
    tests: /two last recipients|leave no one/,
  },
  // Whole: the 50 parallel creates come after the suite's other calls have opened the pool's connections, as a
  // server's do; run alone on a loaded machine, 50 new connections at once outwait the pool's 3 s (503).
  "src/server/templates/templates.test.ts": "50 parallel creates through the connection pool give 50 rows",
  "src/server/templates/history.test.ts": {
    why: "two saves on one version: the second gets a version conflict; the Trash's purge is SQL on the server's clock",
    tests: /two saves|older version|purges/,
  },
  "src/server/bids/sealing.test.ts": "sealing races (two signers at once) and the triggers that freeze a sealed bid",
  "src/server/bids/refusals.test.ts": {
    why: "a refusal racing a signature in a held transaction; the guards of an accepted bid",
    tests: /signature in progress|accepted bid/,
  },
  // Triggers that keep signed bids
  "src/server/bids/keeping.test.ts": "triggers refuse changes to and deletion of a signed bid's versions",
  // Retention and purges
  "src/server/retention.test.ts": "the purges are SQL on the server's clock and must not touch kept records",
  // Export and restore
  "src/server/export/export.test.ts": "the export reads every table in one snapshot and the restore writes it back",
  "src/server/export/jobs.test.ts":
    "a 25 MB company built in parts through the real driver; a stalled build seen from another connection",
  // Volume and quotas
  "src/server/leads/volume.test.ts":
    "a list of many leads through the real driver stays small; the real planner keeps its costly columns to the page",
  "src/server/templates/storage.test.ts": "the storage quota is summed in SQL beside concurrent saves",
  "src/server/account-quotas.test.ts": "per-account counts and the image collector run as SQL on the server",
  // Attacks refused: each reproduced attack stays refused on the production engine, not only on the embedded one
  "src/server/bids/ownership.test.ts": "a colleague's send, withdraw or re-issue is refused inside the send's lock",
  "src/server/bids/body.test.ts": "a hostile body is refused before the version and its triggers are written",
  "src/server/bids/single-line.test.ts": "names and fields are stored as one line in the frozen version",
  "src/server/bids/codes.test.ts": "code tries and the 25-guess limit are counted under the signer's row lock",
  "src/server/leads/ack-abuse.test.ts": "one acknowledgement per mailbox and day is the outbox's unique index",
  "src/server/notifications/mail-after-response.test.ts":
    "every e-mail leaves after the response through the real driver",
};
