/**
 * The company's sign-in settings ("require a second factor"), which the admins change and every sign-in reads.
 */
import type { PortalSettings } from "~/schemas/company-settings";
import { actorEntry, audit } from "~/server/activity/audit";
import type { Actor } from "./middleware";
import { hasSecondFactor, restrictSessionsWithoutFactor } from "./factors";
import type { Db, Queryable } from "~/server/db";
import { HttpError } from "~/server/http";

/** The company's sign-in settings. */
export async function readSettings(db: Queryable): Promise<PortalSettings> {
  const [row] = await db.query<PortalSettings>(
    'SELECT require_second_factor AS "requireSecondFactor" FROM portal_settings',
  );
  return row ?? { requireSecondFactor: false };
}

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
