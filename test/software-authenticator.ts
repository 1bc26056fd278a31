/**
 * A software passkey for API tests: answers a registration challenge as an authenticator with "none" attestation
 * would (a fresh P-256 key, user present and verified), so the server's real WebAuthn check runs without a browser.
 */
import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";

/** CBOR heads: major type `major` with a length or value below 65,536. */
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
}
const text = (s: string) => Buffer.concat([head(3, Buffer.byteLength(s)), Buffer.from(s)]);
const bytes = (b: Buffer) => Buffer.concat([head(2, b.length), b]);
/** A small integer key or value: 0..23 or -1..-24. */
const int = (n: number) => (n >= 0 ? head(0, n) : head(1, -1 - n));

/** The registration answer for `options` (the server's challenge) at `origin`, as the browser would send it. */
export function registrationResponse(options: { challenge: string; rp: { id: string } }, origin: string) {
  const { publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const coseKey = Buffer.concat([
    head(5, 5),
    int(1),
    int(2), // kty: EC2
    int(3),
    int(-7), // alg: ES256
    int(-1),
    int(1), // crv: P-256
    int(-2),
    bytes(Buffer.from(jwk.x!, "base64url")),
    int(-3),
    bytes(Buffer.from(jwk.y!, "base64url")),
  ]);
  const credentialId = randomBytes(16);
  const authData = Buffer.concat([
    createHash("sha256").update(options.rp.id).digest(),
    Buffer.from([0x45]), // user present, user verified, attested credential data
    Buffer.alloc(4), // signature counter
    Buffer.alloc(16), // AAGUID
    Buffer.from([0, credentialId.length]),
    credentialId,
    coseKey,
  ]);
  const attestationObject = Buffer.concat([
    head(5, 3),
    text("fmt"),
    text("none"),
    text("attStmt"),
    head(5, 0),
    text("authData"),
    bytes(authData),
  ]);
  const clientData = { type: "webauthn.create", challenge: options.challenge, origin, crossOrigin: false };
  const id = credentialId.toString("base64url");
  return {
    id,
    rawId: id,
    type: "public-key",
    response: {
      clientDataJSON: Buffer.from(JSON.stringify(clientData)).toString("base64url"),
      attestationObject: attestationObject.toString("base64url"),
      transports: ["internal"],
    },
    clientExtensionResults: {},
  };
}
