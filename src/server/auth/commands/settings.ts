/**
 * The company's sign-in settings as the admins change them, and what switching "require a second factor" on does
 * to the sessions already open.
 */
import type { PortalSettings } from "~/schemas/company-settings";
import { actorEntry, audit } from "~/server/activity/audit";
import type { Actor } from "../middleware";
import type { Db, Queryable } from "~/server/db";
import { sql } from "~/server/db/sql";
import { HttpError } from "~/server/http";
import { hasSecondFactor, hasSecondFactorSql, readSettings } from "../queries/settings";

/** Refusal of "require a second factor" from an admin who has none: they would be the first one it locks out. */
export const OWN_FACTOR_FIRST =
  "Set up an authenticator app or a passkey for yourself before requiring one of everyone";

/**
 * Saves the company's sign-in settings. Switching "require a second factor" on is for an admin who has one
 * (409 otherwise), and makes every live session of a person without one enrol-only at once; switching it off
 * lifts those marks.
 */
export async function writeSettings(db: Db, settings: PortalSettings, actor: Actor): Promise<PortalSettings> {
  return db.transaction(async (tx) => {
    if (settings.requireSecondFactor) {
      if (!(await hasSecondFactor(tx, actor.staff.id))) throw new HttpError(409, OWN_FACTOR_FIRST);
      await restrictSessionsWithoutFactor(tx);
    } else {
      // The mark exists only for the rule: with the rule off, such sessions are ordinary ones again.
      await tx.query("UPDATE staff_sessions SET must_enrol = false WHERE must_enrol AND ended_at IS NULL");
    }
    await tx.query("UPDATE portal_settings SET require_second_factor = $1", [settings.requireSecondFactor]);
    await audit(tx, {
      action: "settings.update",
      targetId: null,
      detail: `require a second factor: ${settings.requireSecondFactor ? "on" : "off"}`,
      ...actorEntry(actor),
    });
    return readSettings(tx);
  });
}

/**
 * Makes every live session of a person without a second factor enrol-only, at once: the rule holds for
 * sessions opened before it was switched on, not only for later sign-ins. Returns how many were marked.
 */
export async function restrictSessionsWithoutFactor(db: Queryable): Promise<number> {
  const statement = sql`UPDATE staff_sessions s SET must_enrol = true
     WHERE s.ended_at IS NULL AND s.expires_at > now() AND NOT s.must_enrol AND NOT ${hasSecondFactorSql(sql`s.user_id`)}
     RETURNING 1`;
  const rows = await db.query(statement.text, statement.values);
  return rows.length;
}
