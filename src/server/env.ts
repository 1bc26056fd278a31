import * as z from "zod";
import { MIN_JWT_SECRET_BYTES } from "./config";

const optionalText = z.string().trim().min(1).optional().catch(undefined);

/** A boolean-ish setting: "1"/"true" on, "0"/"false"/empty/unset off, anything else an error naming it. */
const flag = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(["", "0", "1", "false", "true"]))
  .optional()
  .transform((v) => v === "1" || v === "true");

/** Every environment variable the server reads, parsed once. */
const envSchema = z.object({
  /**
   * The one secret the portal's keys are derived from (token signing, device tokens, name hashing,
   * encryption at rest: auth/keys.ts); `npm run dev` provides one, everywhere else it must be set. Not
   * checked here: a missing or short one turns portal sign-in off (503, see `portalSecret`), not the whole API.
   */
  PORTAL_JWT_SECRET: z.string().optional(),
  /**
   * Take the client address from X-Nf-Client-Connection-Ip / X-Forwarded-For instead of the platform's
   * context.ip. Anyone can send those headers, so only for `astro dev`, the production-like server and the
   * benches (which set it) or behind a proxy of your own that overwrites them.
   */
  TRUST_PROXY_HEADERS: flag,
  /**
   * The one header the client address is read from while TRUST_PROXY_HEADERS is on (default
   * X-Forwarded-For, its last entry); e.g. `X-Nf-Client-Connection-Ip` or `X-Real-IP` behind a proxy that sets it.
   */
  CLIENT_ADDRESS_HEADER: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{1,64}$/, "must be one header name")
    .optional(),
  /**
   * Set by `astro dev` (the dev-database integration) to its embedded database; wins over everything else.
   */
  DEV_DATABASE_URL: optionalText,
  /** Set by Netlify Database in production. */
  NETLIFY_DB_URL: optionalText,
  /** Netlify Database's driver hint ("serverless" on Netlify). */
  NETLIFY_DB_DRIVER: optionalText,
  /** Any other Postgres (Neon) URL, used when NETLIFY_DB_URL is absent. */
  DATABASE_URL: optionalText,
  /** Forces a driver: "neon" (WebSocket) or "pg" (TCP). Default: pg for local hosts, neon otherwise. */
  DB_DRIVER: z.enum(["neon", "pg"]).optional(),
  /**
   * The SMTP server notifications go through, as a URL: `smtps://user:password@smtp.example.com:465` or
   * `smtp://user:password@smtp.example.com:587` (STARTTLS). Unset, `npm run dev` writes them to .data/mail/.
   */
  SMTP_URL: optionalText,
  /** The notifications' sender, e.g. `Anchor Line Portal <portal@example.com>`; the SMTP account must be allowed to send as it. */
  MAIL_FROM: optionalText,
  /** Contact messages a day from everyone before new ones are held for review; default CONTACT_DAILY_CEILING. */
  CONTACT_DAILY_CEILING: z.coerce.number().int().positive().optional(),
  /**
   * Leave a new message's e-mails to the scheduled job alone, without the attempt right after the response:
   * only for the notification bench, which measures that path by itself.
   */
  NOTIFY_SCHEDULED_ONLY: flag,
  /**
   * The company's certificate that seals signed bids (a PDF digital signature), as the base64 of its .p12
   * file. Unset, development and tests seal with a self-signed certificate made when the process starts sealing.
   */
  BID_SEAL_P12: optionalText,
  /** The passphrase of BID_SEAL_P12's file, exactly as set (a passphrase may begin or end with a space). */
  BID_SEAL_PASSPHRASE: z.string().optional(),
  /** The site's public origin, for links in e-mails and for Message-IDs. */
  SITE_URL: z.url().default("https://www.example.com").catch("https://www.example.com"),
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

/** PORTAL_JWT_SECRET is missing or too short: portal sign-in is off while the rest of the API works. */
export class JwtSecretError extends Error {
  constructor(message: string) {
    super(`${message}: portal authentication is disabled`);
    this.name = "JwtSecretError";
  }
}

/**
 * The configured portal secret, checked: throws a JwtSecretError when it is unset or shorter than
 * MIN_JWT_SECRET_BYTES, and then no token is issued or accepted. Nothing uses it as a key itself: each
 * purpose gets its own key derived from it (auth/keys.ts).
 */
export function portalSecret(): string {
  const secret = env().PORTAL_JWT_SECRET;
  if (!secret) throw new JwtSecretError("PORTAL_JWT_SECRET is not set");
  if (Buffer.byteLength(secret, "utf8") < MIN_JWT_SECRET_BYTES) {
    throw new JwtSecretError(`PORTAL_JWT_SECRET must be at least ${MIN_JWT_SECRET_BYTES} bytes`);
  }
  return secret;
}
