/**
 * What staff change on a lead: its status, owner and follow-up day, a private note, and a reply to its sender.
 */
import type { LeadPatch } from "~/schemas/leads";
import type { Queryable, Db } from "~/server/db";
import { sql, type Sql } from "~/server/db/sql";
import { HttpError } from "~/server/http";
import { actorEntry, audit } from "~/server/activity/audit";
import type { Actor } from "~/server/auth/middleware";
import { businessMinutesBetween } from "~/lib/business-time";

/** The lead's row, locked for the transaction; 404 for none (or spam, or held). */
async function lockLead(tx: Queryable, id: string) {
  const [row] = await tx.query<{ id: string; email: string; createdAt: Date; firstReplyAt: Date | null }>(
    `SELECT id, email, created_at AS "createdAt", first_reply_at AS "firstReplyAt" FROM contact_messages
     WHERE id = $1 AND spam_reason IS NULL AND NOT held FOR UPDATE`,
    [id],
  );
  if (!row) throw new HttpError(404, "Lead not found");
  return row;
}

/**
 * Changes a lead's status (`lost` with its reason; leaving `lost` clears the reason), owner (any active staff
 * member, or nobody) and follow-up day, with an activity-log entry; 404 for an unknown lead.
 */
export async function patchLead(db: Db, id: string, patch: LeadPatch, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    await lockLead(tx, id);
    if (patch.ownerId) {
      const [owner] = await tx.query("SELECT 1 FROM staff_users WHERE id = $1 AND disabled_at IS NULL", [
        patch.ownerId,
      ]);
      if (!owner) throw new HttpError(400, "ownerId must be an active staff member's id");
    }
    const set: Sql[] = [];
    const changed: string[] = [];
    if (patch.status !== undefined) {
      set.push(sql`status = ${patch.status}`, sql`lost_reason = ${patch.status === "lost" ? patch.lostReason! : null}`);
      changed.push(patch.status === "lost" ? `lost: ${patch.lostReason}` : patch.status);
    }
    if (patch.ownerId !== undefined) {
      set.push(sql`owner_id = ${patch.ownerId}`);
      changed.push(patch.ownerId ? "owner" : "unassigned");
    }
    if (patch.followUpOn !== undefined) {
      set.push(sql`follow_up_on = ${patch.followUpOn}`);
      changed.push(`follow-up ${patch.followUpOn ?? "none"}`);
    }
    if (set.length === 0) return;
    const statement = sql`UPDATE contact_messages SET ${set.reduce((all, s) => sql`${all}, ${s}`)} WHERE id = ${id}`;
    await tx.query(statement.text, statement.values);
    await audit(tx, {
      action: "lead.update",
      targetId: id,
      detail: changed.join(", ").slice(0, 200),
      ...actorEntry(actor),
    });
  });
}

/** Adds a private note to a lead; 404 for an unknown lead. */
export async function addNote(db: Db, id: string, body: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    await lockLead(tx, id);
    await tx.query("INSERT INTO lead_notes (lead_id, author_id, author, body) VALUES ($1, $2, $3, $4)", [
      id,
      actor.staff.id,
      actor.staff.displayName || actor.staff.username,
      body,
    ]);
    await audit(tx, { action: "lead.note", targetId: id, ...actorEntry(actor) });
  });
}

/**
 * Stores a reply and queues its e-mail to the lead's sender, with the author's confirmed notification address as
 * Reply-To (409 `reply_address_missing` without one). The first reply stops the clock: it records when, and how
 * many business minutes after arrival, and moves a new lead to contacted. Answers the outbox row's id.
 */
export async function addReply(
  db: Db,
  id: string,
  body: string,
  actor: Actor,
  host: string,
  now = new Date(),
): Promise<string> {
  return db.transaction(async (tx) => {
    const [author] = await tx.query<{ email: string | null }>("SELECT email FROM staff_users WHERE id = $1", [
      actor.staff.id,
    ]);
    if (!author?.email)
      throw new HttpError(
        409,
        "Your replies need a confirmed notification address for the client's answers: set one on the account screen",
        { code: "reply_address_missing" },
      );
    const lead = await lockLead(tx, id);
    const [reply] = await tx.query<{ id: string }>(
      `INSERT INTO lead_replies (lead_id, author_id, author, reply_to, body, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [id, actor.staff.id, actor.staff.displayName || actor.staff.username, author.email, body, now],
    );
    await tx.query(
      `INSERT INTO notification_outbox (kind, contact_id, lead_reply_id, recipient, message_id, next_attempt_at)
       VALUES ('lead-reply', $1, $2, $3, $4, $5)`,
      [id, reply!.id, lead.email, `lead-reply-${reply!.id}@${host}`, now],
    );
    if (!lead.firstReplyAt)
      await tx.query(
        `UPDATE contact_messages SET first_reply_at = $2, first_reply_business_minutes = $3,
           status = CASE WHEN status = 'new' THEN 'contacted' ELSE status END WHERE id = $1`,
        [id, now, businessMinutesBetween(new Date(lead.createdAt), now)],
      );
    await audit(tx, { action: "lead.reply", targetId: id, ...actorEntry(actor) });
    return reply!.id;
  });
}
