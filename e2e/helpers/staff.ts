/** A second staff member in the server's database, for what one user shares with another (company templates). */
import type { APIRequestContext } from "@playwright/test";
import { createUser } from "../../src/server/auth/commands/users";
import { seedWith } from "./seed";
import { withServerDb } from "./server";

const COLLEAGUE = { username: "e2e-colleague", password: "colleague-password-e2e" } as const;

/** Creates the colleague once in the server's database and signs them in. */
export async function colleagueToken(request: APIRequestContext): Promise<string> {
  await withServerDb((db) =>
    createUser(db, COLLEAGUE.username, COLLEAGUE.password).catch((error: { code?: string }) => {
      if (error.code !== "23505") throw error; // already there from an earlier run or the other project
    }),
  );
  return seedWith(request).login(COLLEAGUE);
}
