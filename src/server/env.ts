import * as z from "zod";
import { MIN_JWT_SECRET_BYTES } from "../config/api";

const optionalText = z.string().trim().min(1).optional().catch(undefined);

/** Every environment variable the server reads, parsed once. */
const envSchema = z.object({
  /** HS256 key for portal tokens; `npm run dev` provides one, everywhere else it must be set. */
  PORTAL_JWT_SECRET: z
    .string()
    .refine(
      (s) => Buffer.byteLength(s, "utf8") >= MIN_JWT_SECRET_BYTES,
      `must be at least ${MIN_JWT_SECRET_BYTES} bytes`,
    )
    .optional(),
  /**
   * Set by our `astro dev` integration to its embedded database; wins over everything else.
   * (The Netlify emulation's own NETLIFY_DB_URL goes stale after a dev-server reload.)
   */
  DEV_DATABASE_URL: optionalText,
  /** Set by Netlify Database in production (and by its `astro dev` emulation, which we bypass). */
  NETLIFY_DB_URL: optionalText,
  /** "server" under the `astro dev` emulation, "serverless" on Netlify. */
  NETLIFY_DB_DRIVER: optionalText,
  /** Any other Postgres (Neon) URL, used when NETLIFY_DB_URL is absent. */
  DATABASE_URL: optionalText,
  /** Forces a driver: "neon" (WebSocket) or "pg" (TCP). Default: pg for local hosts, neon otherwise. */
  DB_DRIVER: z.enum(["neon", "pg"]).optional(),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/** The parsed environment; an invalid value throws naming the variable. */
export function env(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${names}`);
  }
  return (cached = parsed.data);
}

/** Forgets the parsed environment (tests and scripts that change process.env). */
export function resetEnv(): void {
  cached = undefined;
}

let jwtKeyFor: { secret: string; key: Promise<CryptoKey> } | undefined;

/**
 * The JWT secret as an HMAC-SHA-256 key, imported once per secret: handing jose the raw bytes
 * would import them again on every token check. Throws when unset: then no token is issued or accepted.
 */
export function jwtKey(): Promise<CryptoKey> {
  const secret = env().PORTAL_JWT_SECRET;
  if (!secret) throw new Error("PORTAL_JWT_SECRET is not set: portal authentication is disabled");
  if (jwtKeyFor?.secret !== secret) {
    const raw = new TextEncoder().encode(secret);
    jwtKeyFor = {
      secret,
      key: crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]),
    };
  }
  return jwtKeyFor.key;
}
