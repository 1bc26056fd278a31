// npm run portal:user -- add NAME | reset NAME | disable NAME
// The password is read from a hidden prompt, or from the first line of stdin when piped.
import { openCliDb } from "./lib/cli-db";
import { portalUser, runCommand } from "./lib/operator-commands";

/** The first line of stdin when piped; typed without echo on a terminal. */
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

await runCommand(() =>
  portalUser(process.argv.slice(2), {
    open: openCliDb,
    readPassword,
    interactive: Boolean(process.stdin.isTTY),
    log: console.log,
  }),
);
