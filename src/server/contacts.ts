import { CONTACT_RATE_LIMIT } from "../config/api";
import type { ContactMessage } from "../schemas/contact";
import type { ContactRecord } from "../schemas/contact-record";
import { ADMIT_SQL, limitParams, retryAfter, type Limit } from "./auth/rate-limit";
import type { Queryable } from "./db";
import { HttpError } from "./http";

/** Per-IP contact throttle. */
function contactLimit(ip: string | null): Limit {
  return {
    bucket: "contact",
    key: ip ?? "unknown",
    max: CONTACT_RATE_LIMIT.perIp,
    windowSeconds: CONTACT_RATE_LIMIT.windowSeconds,
  };
}

/**
 * Stores a contact message, or throws 429 past the per-IP limit. The throttle and the insert
 * are one statement: a message is stored exactly when its hit is admitted, in one round trip.
 * A filled honeypot is answered like a success by the caller but stores nothing, not even a hit.
 */
export async function submitContact(db: Queryable, message: ContactMessage, ip: string | null): Promise<void> {
  if (message.website && message.website.trim() !== "") return;
  const limit = contactLimit(ip);
  const stored = await db.query(
    `WITH admitted AS (${ADMIT_SQL})
     INSERT INTO contact_messages (first_name, last_name, email, phone, project_type, message, client_ip)
     SELECT $5, $6, $7, $8, $9, $10, $11 FROM admitted RETURNING id`,
    [
      ...limitParams(limit),
      message.firstName,
      message.lastName,
      message.email,
      message.phone || null,
      message.projectType,
      message.message,
      ip,
    ],
  );
  if (stored.length > 0) return;
  const wait = await retryAfter(db, limit);
  throw new HttpError(429, "Too many messages, try again later", {
    headers: { "Retry-After": String(Math.max(1, wait)) },
  });
}

const SELECT_CONTACT = `SELECT id, first_name AS "firstName", last_name AS "lastName", email, phone,
  project_type AS "projectType", message, handled, created_at AS "createdAt" FROM contact_messages`;

const toRecord = (row: ContactRecord): ContactRecord => ({ ...row, createdAt: new Date(row.createdAt).toISOString() });

/** All contact messages, newest first. */
export async function listContacts(db: Queryable): Promise<ContactRecord[]> {
  return (await db.query<ContactRecord>(`${SELECT_CONTACT} ORDER BY created_at DESC, id`)).map(toRecord);
}

/** Sets a message's handled flag; undefined when no message has that id. */
export async function setContactHandled(
  db: Queryable,
  id: string,
  handled: boolean,
): Promise<ContactRecord | undefined> {
  const rows = await db.query<ContactRecord>(
    `UPDATE contact_messages SET handled = $2 WHERE id = $1 RETURNING id, first_name AS "firstName", last_name AS "lastName",
       email, phone, project_type AS "projectType", message, handled, created_at AS "createdAt"`,
    [id, handled],
  );
  return rows[0] && toRecord(rows[0]);
}
