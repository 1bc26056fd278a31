// db:migrate and portal:user as an operator runs them, against an embedded PostgreSQL reached over TCP (the dev
// database server), the way they reach Neon in production. The commands' logic runs in-process; one real run
// of `portal:user` proves the script itself: tsx with the project's paths, DATABASE_URL, the piped password.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../src/integrations/embedded-postgres";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { verifyPassword } from "../src/server/auth/password";
import { openDbAt, type Db } from "../src/server/db";
import { resetEnv } from "../src/server/env";
import { openCliDb } from "./lib/cli-db";
import { migrateDatabase, portalUser, PORTAL_USER_USAGE, runCommand } from "./lib/operator-commands";

// The real run starts tsx and pays for a real scrypt.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const root = path.resolve(".");
/** tsx's loader by path, so a run from another folder still finds it. */
const tsx = createRequire(import.meta.url).resolve("tsx");
const DATABASE_VARIABLES = ["DATABASE_URL", "NETLIFY_DB_URL", "DEV_DATABASE_URL", "DB_DRIVER"];

/** Runs `scripts/<script>` in a process of its own with `args`, `stdin` piped in, DATABASE_URL set to `url`. */
function cli(script: string, args: string[], { url, stdin = "" }: { url: string; stdin?: string }) {
  // The project's tsconfig (its `~/` alias) wherever the command is run from.
  const env: NodeJS.ProcessEnv = { ...process.env, TSX_TSCONFIG_PATH: path.join(root, "tsconfig.json") };
  for (const name of DATABASE_VARIABLES) delete env[name];
  env.DATABASE_URL = url;
  return new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", pathToFileURL(tsx).href, path.join(root, "scripts", script), ...args],
      { cwd: tmpdir(), env },
    );
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (out += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out }));
    child.stdin.end(stdin);
  });
}

/** Sets the database variables as an operator's shell would (those not given unset) until the test ends. */
function databaseEnvironment(values: Record<string, string> = {}) {
  for (const name of DATABASE_VARIABLES) vi.stubEnv(name, values[name]);
  resetEnv();
}

/** Runs a command as its script does, and answers its exit code and what it printed. */
async function run(main: () => Promise<void>, prefix?: string) {
  const out: string[] = [];
  const log = (line: string) => void out.push(line);
  const error = vi.spyOn(console, "error").mockImplementation(log);
  const before = process.exitCode;
  try {
    await runCommand(() => main(), prefix);
    return { code: process.exitCode ?? 0, out: out.join("\n") };
  } finally {
    process.exitCode = before;
    error.mockRestore();
  }
}

describe("operator commands", () => {
  let server: EmbeddedPostgres;
  let url = "";
  let directory = "";
  const user = async (name: string) =>
    (
      await (
        await db()
      ).query<{ password_hash: string; disabled: boolean; sessions: number }>(
        `SELECT password_hash, disabled_at IS NOT NULL AS disabled,
           (SELECT count(*)::int FROM staff_sessions s WHERE s.user_id = u.id AND s.ended_at IS NULL) AS sessions
         FROM staff_users u WHERE username = $1`,
        [name],
      )
    )[0];
  /** Opens a session row for `name`, as a sign-in does. */
  const signIn = async (name: string) =>
    (await db()).query(
      `INSERT INTO staff_sessions (user_id, remember, method, expires_at)
       SELECT id, true, 'password', now() + interval '1 day' FROM staff_users WHERE username = $1`,
      [name],
    );
  let handle: Promise<Db> | undefined;
  const db = () => (handle ??= openDbAt({ driver: "pg", url }));
  /** `npm run portal:user -- ...args` in-process, the password piped as `stdin` (its first line). */
  const portal = (args: string[], stdin = "", interactive = false) => {
    const lines: string[] = [];
    const piped = stdin.split("\n");
    return run(() =>
      portalUser(args, {
        open: async () => ({ db: await openDbAt({ driver: "pg", url }), describe: "the test server" }),
        readPassword: async () => (interactive ? (piped.shift() ?? "") : piped[0]!),
        interactive,
        log: (line) => void lines.push(line),
      }),
    ).then((res) => ({ ...res, out: [...lines, res.out].join("\n") }));
  };

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), "cli-db-"));
    server = await startEmbeddedPostgres({ directory });
    url = server.url;
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnv();
  });
  afterAll(async () => {
    await (await handle)?.close();
    await server?.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it("db:migrate applies every migration once, then reports the database up to date", async () => {
    databaseEnvironment({ DATABASE_URL: url });
    const lines: string[] = [];
    const log = (line: string) => void lines.push(line);
    expect(await run(() => migrateDatabase(openCliDb, log), "Migration failed: ")).toMatchObject({ code: 0 });
    expect(lines[0]).toMatch(/Applied to .* via pg: 001_initial\.sql, 002_/);
    expect(await run(() => migrateDatabase(openCliDb, log), "Migration failed: ")).toMatchObject({ code: 0 });
    expect(lines[1]).toMatch(/is up to date/);
  });

  it("portal:user add, run as a process, creates a staff user with the password read from stdin", async () => {
    const res = await cli("portal-user.ts", ["add", "Alice"], { url, stdin: "first password 1\n" });
    expect(res).toMatchObject({ code: 0 });
    expect(res.out).toContain('Created staff user "alice"');
    const row = await user("alice");
    expect(await verifyPassword("first password 1", row!.password_hash)).toBe(true);
    expect(row).toMatchObject({ disabled: false, sessions: 0 });
  });

  it.each([
    ["an existing user", ["add", "alice"], "long enough password", /already exists/],
    ["a short password", ["add", "bob"], "short", /at least 8 characters/],
    ["a missing name", ["add"], "", /Usage: npm run portal:user/],
    ["an unknown command", ["remove", "alice"], "", /Usage: npm run portal:user/],
    ["reset of an unknown user", ["reset", "nobody"], "long enough password", /No user "nobody"/],
    ["disable of an unknown user", ["disable", "nobody"], "", /No user "nobody"/],
  ])("portal:user refuses %s with exit code 1", async (_case, args, stdin, message) => {
    const res = await portal(args, `${stdin}\n`);
    expect(res.code).toBe(1);
    expect(res.out).toMatch(message);
  });

  it("portal:user on a terminal asks twice and refuses passwords that differ", async () => {
    const res = await portal(["add", "carol"], "long enough password\nlong enough passwort\n", true);
    expect(res).toMatchObject({ code: 1, out: "Passwords do not match" });
    expect(await user("carol")).toBeUndefined();
    expect(PORTAL_USER_USAGE).toMatch(/add NAME \| reset NAME \| disable NAME/);
  });

  it("portal:user disable and reset end every session; reset re-enables with the new password", async () => {
    await signIn("alice");
    await signIn("alice");
    expect(await user("alice")).toMatchObject({ sessions: 2 });
    const disabled = await portal(["disable", "alice"]);
    expect(disabled.code).toBe(0);
    expect(await user("alice")).toMatchObject({ disabled: true, sessions: 0 });

    await signIn("alice");
    const reset = await portal(["reset", "alice"], "second password 2\n");
    expect(reset.code).toBe(0);
    const row = await user("alice");
    expect(row).toMatchObject({ disabled: false, sessions: 0 });
    expect(await verifyPassword("second password 2", row!.password_hash)).toBe(true);
    expect(await verifyPassword("first password 1", row!.password_hash)).toBe(false);
  });

  it("without DATABASE_URL or a running dev server, says what to do", async () => {
    const elsewhere = await mkdtemp(path.join(tmpdir(), "cli-cwd-"));
    try {
      databaseEnvironment();
      const res = await run(
        () =>
          migrateDatabase(
            () => openCliDb(elsewhere),
            () => {},
          ),
        "Migration failed: ",
      );
      expect(res.code).toBe(1);
      expect(res.out).toMatch(/^Migration failed: .*set DATABASE_URL .* or start `npm run dev`/);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});
