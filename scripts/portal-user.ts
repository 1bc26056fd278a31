// npm run portal:user -- add NAME | reset NAME | disable NAME
// The password is read from a hidden prompt, or from the first line of stdin when piped.
import { newPasswordSchema, usernameSchema } from "../src/schemas/sign-in";
import { createUser, disableUser, findUserByUsername, resetPassword } from "../src/server/auth/users";
import { openCliDb } from "./lib/cli-db";

const USAGE = "Usage: npm run portal:user -- add NAME | reset NAME | disable NAME";

async function readPassword(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    let text = "";
    for await (const chunk of stdin) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? "";
  }
  process.stdout.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    let value = "";
    const onData = (key: string) => {
      for (const ch of key) {
        if (ch === "\r" || ch === "\n") {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off("data", onData);
          process.stdout.write("\n");
          return resolve(value);
        }
        if (ch === "\u0003") return reject(new Error("Cancelled"));
        if (ch === "\u007f") value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on("data", onData);
  });
}

async function newPassword(): Promise<string> {
  const password = await readPassword("Password (8-128 characters): ");
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success) throw new Error(parsed.error.issues[0]!.message);
  if (process.stdin.isTTY && (await readPassword("Repeat password: ")) !== password)
    throw new Error("Passwords do not match");
  return password;
}

async function main(): Promise<void> {
  const [command, rawName] = process.argv.slice(2);
  const name = usernameSchema.safeParse(rawName ?? "");
  if (!command || !["add", "reset", "disable"].includes(command) || !name.success) throw new Error(USAGE);
  const username = name.data;
  const { db, describe } = await openCliDb();
  try {
    if (command === "add") {
      if (await findUserByUsername(db, username)) throw new Error(`User "${username}" already exists (use reset)`);
      await createUser(db, username, await newPassword());
      console.log(`Created staff user "${username}" in ${describe}.`);
    } else if (command === "reset") {
      if (!(await findUserByUsername(db, username))) throw new Error(`No user "${username}"`);
      await resetPassword(db, username, await newPassword());
      console.log(`Password reset for "${username}"; the account is enabled and its old tokens are revoked.`);
    } else {
      if (!(await disableUser(db, username))) throw new Error(`No user "${username}"`);
      console.log(`Disabled "${username}"; its tokens no longer work.`);
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
