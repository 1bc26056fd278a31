import { expect, it, vi } from "vitest";
import { describeEachBackend } from "../../../test/api";

describeEachBackend("every outbox kind has a renderer", (db) => {
  /** The kinds the outbox table accepts, read from its own check so a new kind cannot be missed. */
  async function tableKinds(): Promise<string[]> {
    const [check] = await db.query<{ def: string }>(
      `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'notification_outbox_kind_check'`,
    );
    return [...check!.def.matchAll(/'([a-z-]+)'/g)].map((m) => m[1]!);
  }

  // Each entry point that drains the outbox, loaded on its own: the API's app and the scheduled jobs.
  it.each(["~/server/app", "~/server/jobs"])("after %s loads", async (entry) => {
    vi.resetModules();
    await import(/* @vite-ignore */ entry);
    const { registeredMailKinds } = await import("~/server/notifications/mail-kinds");
    const kinds = await tableKinds();
    expect(kinds.length).toBeGreaterThan(10);
    expect(kinds.filter((kind) => !registeredMailKinds().includes(kind))).toEqual([]);
  });
});
