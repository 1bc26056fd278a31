/**
 * The inbox's contact messages as staff read them: a page of the list, and whether one exists.
 * Reads only; the list refuses nothing but a `before` that finds no message (the database alone knows).
 */
import type { Queryable } from "~/server/db";
import { HttpError } from "~/server/http";
import type { ContactListQuery, ContactRecord } from "~/schemas/contact-record";

export const CONTACT_COLUMNS = `id, first_name AS "firstName", last_name AS "lastName", email, phone,
  project_type AS "projectType", message, handled, created_at AS "createdAt", spam_reason AS "spamReason", held,
  EXISTS (SELECT 1 FROM notification_outbox o
          WHERE o.contact_id = contact_messages.id AND o.kind = 'message' AND o.status = 'failed')
    AS "notificationFailed"`;

export const toRecord = (row: ContactRecord): ContactRecord => ({
  ...row,
  createdAt: new Date(row.createdAt).toISOString(),
});

/**
 * The list statement for `query`, newest first. Paging is a row-value comparison with the `before`
 * message's own (created_at, id), which the (created_at DESC, id DESC) indexes of migration 004 serve
 * as a range scan: a page costs the same however many messages lie behind it, and the id breaks
 * timestamp ties, so consecutive pages neither repeat nor skip a message. The handled filter is
 * literal SQL so the planner can pick the partial index of unhandled messages.
 */
export function contactListSql(query: ContactListQuery): { sql: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.handled !== undefined) where.push(query.handled ? "handled" : "NOT handled");
  // Spam is only in its own view; held messages are in the inbox too, and in a view of their own.
  where.push(query.folder === "spam" ? "spam_reason IS NOT NULL" : "spam_reason IS NULL");
  if (query.folder === "held") where.push("held");
  if (query.before !== undefined) {
    params.push(query.before);
    const n = params.length;
    where.push(`(created_at, id) < ((SELECT created_at FROM contact_messages WHERE id = $${n}), $${n})`);
  }
  let sql = `SELECT ${CONTACT_COLUMNS} FROM contact_messages`;
  if (where.length > 0) sql += ` WHERE ${where.join(" AND ")}`;
  sql += " ORDER BY created_at DESC, id DESC";
  if (query.limit !== undefined) {
    params.push(query.limit);
    sql += ` LIMIT $${params.length}`;
  }
  return { sql, params };
}

/** One answer of GET /api/contacts: the messages, and the `before` of the next page (null on the last). */
export interface ContactPage {
  records: ContactRecord[];
  nextBefore: string | null;
}

/**
 * Contact messages newest first, filtered and paged by `query` (every message without one). A full
 * page may have a successor; a `before` naming no message is a 400 rather than an empty page.
 */
export async function listContacts(db: Queryable, query: ContactListQuery = {}): Promise<ContactPage> {
  const { sql, params } = contactListSql(query);
  const records = (await db.query<ContactRecord>(sql, params)).map(toRecord);
  // An unknown anchor and the end of the list both give no rows: only then is the anchor looked up.
  if (records.length === 0 && query.before !== undefined && !(await contactExists(db, query.before)))
    throw new HttpError(400, `before must be the id of a contact message: none has the id ${query.before}`);
  const full = query.limit !== undefined && records.length === query.limit;
  return { records, nextBefore: full ? records.at(-1)!.id : null };
}

async function contactExists(db: Queryable, id: string): Promise<boolean> {
  return (await db.query("SELECT 1 FROM contact_messages WHERE id = $1", [id])).length > 0;
}
