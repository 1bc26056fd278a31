/** Passkeys (WebAuthn): registering one, and the answers an authenticator sends. */
import { z } from "./zod";

/**
 * A WebAuthn answer as @simplewebauthn/browser sends it: checked here for shape only; the server's WebAuthn
 * library checks every field and the signature.
 */
export const webAuthnResponseSchema = z.looseObject({
  id: z.string().check(z.minLength(1), z.maxLength(1024)),
  rawId: z.string().check(z.maxLength(1024)),
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: z.string().check(z.maxLength(16_384)) }),
});
export type WebAuthnResponse = z.infer<typeof webAuthnResponseSchema>;

/** Body of POST /api/portal/account/passkeys: the new credential and a name the person recognises it by. */
export const passkeyRegistrationSchema = z.object({
  ticket: z.uuid(),
  response: webAuthnResponseSchema,
  name: z._default(z.string().check(z.trim(), z.maxLength(60)), "Passkey"),
});

/** Body of POST /api/portal/login/passkey: the challenge's ticket and the authenticator's answer. */
export const passkeyLoginSchema = z.object({
  ticket: z.uuid(),
  response: webAuthnResponseSchema,
  rememberMe: z._default(z.boolean(), true),
});
