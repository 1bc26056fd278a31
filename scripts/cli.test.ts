// db:migrate and portal:user as an operator runs them: real processes against an embedded
// PostgreSQL reached over TCP (the dev database server), the way they reach Neon in production.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../src/integrations/embedded-postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { verifyPassword } from "../src/server/auth/password";
import { openDbAt, type Db } from "../src/server/db";

// Each run starts tsx and pays for a real scrypt.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const root = path.resolve(".");
/** tsx's loader by path, so a run from another folder still finds it. */
const tsx = createRequire(import.meta.url).resolve("tsx");

/** Runs `scripts/<script>` with `args`, `stdin` piped in, DATABASE_URL set to `url` unless null. */
function cli(
  script: string,
  args: string[],
  { url, stdin = "", cwd = root }: { url: string | null; stdin?: string; cwd?: string },
) {
  // The project's tsconfig (its `~/` alias) wherever the command is run from.
  const env: NodeJS.ProcessEnv = { ...process.env, TSX_TSCONFIG_PATH: path.join(root, "tsconfig.json") };
  for (const name of ["DATABASE_URL", "NETLIFY_DB_URL", "DEV_DATABASE_URL", "DB_DRIVER"]) delete env[name];
  if (url) env.DATABASE_URL = url;
  return new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", pathToFileURL(tsx).href, path.join(root, "scripts", script), ...args],
      { cwd, env },
    );
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (out += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out }));
    child.stdin.end(stdin);
  });
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

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), "cli-db-"));
    server = await startEmbeddedPostgres({ directory });
    url = server.url;
  });
  afterAll(async () => {
    await (await handle)?.close();
    await server?.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it("db:migrate applies every migration once, then reports the database up to date", async () => {
    const first = await cli("db-migrate.ts", [], { url });
    expect(first).toMatchObject({ code: 0 });
    expect(first.out).toMatch(/Applied to .* via pg: 001_initial\.sql, 002_/);
    const again = await cli("db-migrate.ts", [], { url });
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/is up to date/);
  });

  it("portal:user add creates a staff user with the password read from stdin", async () => {
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
    const res = await cli("portal-user.ts", args, { url, stdin: `${stdin}\n` });
    expect(res.code).toBe(1);
    expect(res.out).toMatch(message);
  });

  it("portal:user disable and reset end every session; reset re-enables with the new password", async () => {
    await signIn("alice");
    await signIn("alice");
    expect(await user("alice")).toMatchObject({ sessions: 2 });
    const disabled = await cli("portal-user.ts", ["disable", "alice"], { url });
    expect(disabled.code).toBe(0);
    expect(await user("alice")).toMatchObject({ disabled: true, sessions: 0 });

    await signIn("alice");
    const reset = await cli("portal-user.ts", ["reset", "alice"], { url, stdin: "second password 2\n" });
    expect(reset.code).toBe(0);
    const row = await user("alice");
    expect(row).toMatchObject({ disabled: false, sessions: 0 });
    expect(await verifyPassword("second password 2", row!.password_hash)).toBe(true);
    expect(await verifyPassword("first password 1", row!.password_hash)).toBe(false);
  });

  it("without DATABASE_URL or a running dev server, says what to do", async () => {
    const elsewhere = await mkdtemp(path.join(tmpdir(), "cli-cwd-"));
    try {
      const res = await cli("db-migrate.ts", [], { url: null, cwd: elsewhere });
      expect(res.code).toBe(1);
      expect(res.out).toMatch(/set DATABASE_URL .* or start `npm run dev`/);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});
