import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { RETENTION_DAYS } from "~/server/config";
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
});
