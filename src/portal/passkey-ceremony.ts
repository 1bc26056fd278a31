/**
 * The browser's half of a passkey (WebAuthn) ceremony, written once for signing in, confirming who one is and
 * adding a passkey: the server's options with the ticket naming its challenge, the browser's prompt, and the
 * answer posted back for the server's check. The WebAuthn library is fetched only when a ceremony starts, so no
 * screen carries it until someone uses a passkey.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import type { WebAuthnResponse } from "~/schemas/passkeys";

/** The server's side of a ceremony: its options (the WebAuthn library's own JSON) and the ticket naming them. */
interface Challenge {
  ticket: string;
  options: unknown;
}

/** How a ceremony ended: the server's answer to the check, or the person or the browser cancelled the prompt. */
export type CeremonyOutcome<A> = { ok: true; answer: A } | { ok: false; cancelled: true };

/**
 * The browser's answer as the API's body takes it: a plain copy, since the body takes any object of the answer's
 * shape, which the library's interfaces are not.
 */
const plainCopy = (answer: AuthenticationResponseJSON | RegistrationResponseJSON): WebAuthnResponse => ({
  ...answer,
  response: { ...answer.response },
});

/**
 * Runs one ceremony: `challenge` fetches the options (while the library loads), `prompt` asks the browser,
 * `verify` posts the answer. A prompt that fails means the person or the browser cancelled it; the server's
 * refusals (a passkey not recognised, a request expired, too many tries) are thrown to the caller.
 */
async function ceremony<A>(
  challenge: () => Promise<Challenge>,
  prompt: (
    library: typeof import("@simplewebauthn/browser"),
    options: unknown,
  ) => Promise<AuthenticationResponseJSON | RegistrationResponseJSON>,
  verify: (ticket: string, answer: WebAuthnResponse) => Promise<A>,
): Promise<CeremonyOutcome<A>> {
  const [library, { ticket, options }] = await Promise.all([import("@simplewebauthn/browser"), challenge()]);
  let response: AuthenticationResponseJSON | RegistrationResponseJSON;
  try {
    response = await prompt(library, options);
  } catch {
    return { ok: false, cancelled: true };
  }
  return { ok: true, answer: await verify(ticket, plainCopy(response)) };
}

/** Proves the person holds one of their passkeys (signing in, or confirming who they are). */
export const authenticateWithPasskey = <A>(
  challenge: () => Promise<Challenge>,
  verify: (ticket: string, answer: WebAuthnResponse) => Promise<A>,
) =>
  ceremony(
    challenge,
    ({ startAuthentication }, options) =>
      startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON }),
    verify,
  );

/** Creates a passkey on this device for the signed-in person. */
export const registerPasskey = <A>(
  challenge: () => Promise<Challenge>,
  verify: (ticket: string, answer: WebAuthnResponse) => Promise<A>,
) =>
  ceremony(
    challenge,
    ({ startRegistration }, options) =>
      startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON }),
    verify,
  );
