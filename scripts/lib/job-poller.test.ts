import { expect, it } from "vitest";
import { queueMessageNotifications } from "../../src/server/notifications/outbox";
import { describeEachBackend } from "../../test/api";
import { useSmtpServer } from "../../test/smtp-suite";
import { startJobPoller } from "./job-poller";

describeEachBackend("the production-like server's job poller", (db) => {
  const smtp = useSmtpServer();

  it("sends what the outbox holds on its timer, as the scheduled function does", async () => {
    const staff = await db.createStaff("poller", "correct horse battery staple");
    await db.query("UPDATE staff_users SET email = 'poller@example.com', notify = 'each' WHERE id = $1", [staff]);
    await db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: string }>(
        `INSERT INTO contact_messages (first_name, email, project_type, message)
         VALUES ('Dana', 'dana@example.com', 'general', 'Waiting for the job') RETURNING id`,
      );
      await queueMessageNotifications(tx, row!.id, "www.example.com");
    });
    const lines: string[] = [];
    const poller = startJobPoller(
      "deliver-notifications",
      async () => db,
      200,
      (line) => lines.push(line),
    );
    try {
      await expect.poll(() => smtp.received.length, { timeout: 5_000 }).toBe(1);
      expect(smtp.received[0]!.text).toContain("Waiting for the job");
      await expect.poll(() => lines.join("\n")).toMatch(/deliver-notifications: .*"sent":1/);
    } finally {
      await poller.stop();
    }
  });
});
