import { randomUUID } from "node:crypto";
import { expect, it, vi } from "vitest";
import { RETENTION_DAYS } from "~/server/config";
import type { Queryable } from "~/server/db";
import { CLEANUP_BATCH, pruneExpired } from "~/server/retention";
import { JOBS } from "~/server/jobs";
import { describeEachBackend } from "../../test/api";

describeEachBackend("retention", (db) => {
  it(`the daily job deletes audit rows and contact addresses older than ${RETENTION_DAYS} days, nothing newer`, async () => {
    const tag = randomUUID();
    const old = `${RETENTION_DAYS + 1} days`;
    const recent = `${RETENTION_DAYS - 1} days`;
    await db.query(
      `INSERT INTO audit_log (action, username, created_at) VALUES
         ('logout', $1, now() - $2::interval), ('logout', $1, now() - $3::interval)`,
      [tag, old, recent],
    );
    await db.query(
      `INSERT INTO contact_messages (first_name, email, project_type, message, client_ip, created_at) VALUES
         ($1, 'old@example.com', 'other', 'm', '192.0.2.1', now() - $2::interval),
         ($1, 'new@example.com', 'other', 'm', '192.0.2.2', now() - $3::interval)`,
      [tag, old, recent],
    );

    expect(await JOBS["prune-retention"](db)).toMatchObject({ auditRows: 1, contactAddresses: 1 });

    const audit = await db.query<{ age: string }>("SELECT 1 FROM audit_log WHERE username = $1", [tag]);
    expect(audit).toHaveLength(1);
    const contacts = await db.query<{ email: string; client_ip: string | null }>(
      "SELECT email, client_ip FROM contact_messages WHERE first_name = $1 ORDER BY email",
      [tag],
    );
    // The message stays (it is correspondence); only the address goes.
    expect(contacts).toEqual([
      { email: "new@example.com", client_ip: "192.0.2.2" },
      { email: "old@example.com", client_ip: null },
    ]);
  });

  it(`sessions over for ${RETENTION_DAYS} days and spent invitation links go; live ones stay`, async () => {
    const [{ id }] = (await db.query<{ id: string }>(
      "INSERT INTO staff_users (username, password_hash) VALUES ($1, 'x') RETURNING id",
      [`retained-${randomUUID().slice(0, 8)}`],
    )) as [{ id: string }];
    const old = `${RETENTION_DAYS + 1} days`;
    await db.query(
      `INSERT INTO staff_sessions (user_id, remember, method, expires_at, ended_at, last_used_at) VALUES
         ($1, false, 'password', now() - $2::interval, now() - $2::interval, now() - $2::interval),
         ($1, false, 'password', now() + interval '1 hour', NULL, now())`,
      [id, old],
    );
    await db.query(
      `INSERT INTO staff_invitations (user_id, token_hash, expires_at, used_at) VALUES
         ($1, $3, now() - $2::interval, now() - $2::interval), ($1, $4, now() + interval '1 hour', NULL)`,
      [id, old, randomUUID(), randomUUID()],
    );
    expect(await JOBS["prune-retention"](db)).toMatchObject({ endedSessions: 1, closedInvitations: 1 });
    expect(await db.query("SELECT 1 FROM staff_sessions WHERE user_id = $1", [id])).toHaveLength(1);
    expect(await db.query("SELECT 1 FROM staff_invitations WHERE user_id = $1", [id])).toHaveLength(1);
  });
});

describeEachBackend("retention in batches", (db) => {
  it(`clears an audit backlog of several batches, no statement touching more than ${CLEANUP_BATCH} rows`, async () => {
    // Several full batches and a short last one show the rule as well as any larger backlog would.
    const backlog = CLEANUP_BATCH * 5 + CLEANUP_BATCH / 2;
    await db.query(
      `INSERT INTO audit_log (action, username, created_at)
       SELECT 'logout', 'backlog', now() - make_interval(days => $1) FROM generate_series(1, $2::int)`,
      [RETENTION_DAYS + 10, backlog],
    );
    // Rows each statement touched: every clean-up statement returns one row per row it deletes or updates.
    const touched: number[] = [];
    const counting: Queryable = {
      async query(sql, params) {
        const rows = await db.query(sql, params);
        touched.push(rows.length);
        return rows as never;
      },
    };
    const result = await pruneExpired(counting);
    expect(result.auditRows).toBeGreaterThanOrEqual(backlog);
    expect(await db.query("SELECT 1 FROM audit_log WHERE username = 'backlog' LIMIT 1")).toEqual([]);
    // A statement per batch (and a short last one of each kind), none touching more than a batch.
    expect(touched.length).toBeGreaterThanOrEqual(backlog / CLEANUP_BATCH);
    expect(Math.max(...touched)).toBeLessThanOrEqual(CLEANUP_BATCH);
  });

  it("runs each kind on its own: one that fails does not stop the others", async () => {
    const tag = randomUUID();
    await db.query(
      `INSERT INTO contact_messages (first_name, email, project_type, message, client_ip, created_at)
       VALUES ($1, 'old@example.com', 'other', 'm', '192.0.2.9', now() - make_interval(days => $2))`,
      [tag, RETENTION_DAYS + 1],
    );
    const auditBroken: Queryable = {
      query: (sql, params) =>
        /audit_log/.test(sql) ? Promise.reject(new Error("audit_log is locked")) : db.query(sql, params),
    };
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await pruneExpired(auditBroken);
    error.mockRestore();
    expect(result).toMatchObject({ auditRows: "failed: audit_log is locked", contactAddresses: 1 });
    expect(await db.query("SELECT client_ip FROM contact_messages WHERE first_name = $1", [tag])).toEqual([
      { client_ip: null },
    ]);
  });
});
