import { newPasswordSchema, usernameSchema } from "../../src/schemas/sign-in";
import { createUser, disableUser, resetPassword } from "../../src/server/auth/commands/users";
import { findUserByUsername } from "../../src/server/auth/queries/users";
import type { Db } from "../../src/server/db";
import { migrate } from "../../src/server/db/migrate";

/** The operator's commands (`npm run db:migrate`, `npm run portal:user`), apart from their process. */

/** The database a command acts on, and how to name it to the operator. */
type Open = () => Promise<{ db: Db; describe: string }>;

export const PORTAL_USER_USAGE = "Usage: npm run portal:user -- add NAME | reset NAME | disable NAME";

/** What `npm run portal:user` needs from outside: its database, the operator's password, its output. */
export interface PortalUserIo {
  open: Open;
  readPassword(prompt: string): Promise<string>;
  /** Typed on a terminal: the password is asked twice, so a typo does not lock the account out. */
  interactive: boolean;
  log(line: string): void;
}

/** `npm run portal:user -- add NAME | reset NAME | disable NAME`; throws the message for the operator. */
export async function portalUser(args: readonly string[], io: PortalUserIo): Promise<void> {
  const [command, rawName] = args;
  const name = usernameSchema.safeParse(rawName ?? "");
  if (!command || !["add", "reset", "disable"].includes(command) || !name.success) throw new Error(PORTAL_USER_USAGE);
  const username = name.data;
  const newPassword = async () => {
    const password = await io.readPassword("Password (8-128 characters): ");
    const parsed = newPasswordSchema.safeParse(password);
    if (!parsed.success) throw new Error(parsed.error.issues[0]!.message);
    if (io.interactive && (await io.readPassword("Repeat password: ")) !== password)
      throw new Error("Passwords do not match");
    return password;
  };
  const { db, describe } = await io.open();
  try {
    if (command === "add") {
      if (await findUserByUsername(db, username)) throw new Error(`User "${username}" already exists (use reset)`);
      await createUser(db, username, await newPassword());
      io.log(`Created staff user "${username}" in ${describe}.`);
    } else if (command === "reset") {
      if (!(await findUserByUsername(db, username))) throw new Error(`No user "${username}"`);
      await resetPassword(db, username, await newPassword());
      io.log(`Password reset for "${username}"; the account is enabled and its old tokens are revoked.`);
    } else {
      if (!(await disableUser(db, username))) throw new Error(`No user "${username}"`);
      io.log(`Disabled "${username}"; its tokens no longer work.`);
    }
  } finally {
    await db.close();
  }
}

/** `npm run db:migrate`: applies the pending migrations and says which, or that there were none. */
export async function migrateDatabase(open: Open, log: (line: string) => void): Promise<void> {
  const { db, describe } = await open();
  try {
    const applied = await migrate(db);
    log(applied.length ? `Applied to ${describe}: ${applied.join(", ")}` : `${describe} is up to date.`);
  } finally {
    await db.close();
  }
}

/** Runs a command's `main`: its error's message on stderr (after `prefix`) and exit code 1. */
export async function runCommand(main: () => Promise<void>, prefix = ""): Promise<void> {
  try {
    await main();
  } catch (error) {
    console.error(`${prefix}${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
