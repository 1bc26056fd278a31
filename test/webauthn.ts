/**
 * A software passkey for API tests: an ES256 key pair answering the server's WebAuthn options as a browser and
 * authenticator would (attestation "none"), with or without the user-verification flag. Chromium's virtual
 * authenticator does the same in the e2e specs; here the flags can be chosen.
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/** Authenticator data flags: user present, user verified, attested credential data included. */
const FLAGS = { up: 0x01, uv: 0x04, at: 0x40 } as const;

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

export class SoftPasskey {
  readonly rawId = randomBytes(16);
  private readonly keys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  private counter = 0;

  /** The app answers `app.request("/api/...")` as http://localhost. */
  constructor(
    private readonly origin = "http://localhost",
    private readonly rpID = "localhost",
  ) {}

  get id(): string {
    return b64url(this.rawId);
  }

  private authenticatorData(flags: number, attested: Uint8Array = new Uint8Array()): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(++this.counter);
    return Buffer.concat([sha256(this.rpID), Buffer.from([flags]), counter, attested]);
  }

  private clientData(type: "webauthn.create" | "webauthn.get", challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** The answer to registration options carrying `challenge`. */
  register(challenge: string, { userVerified = true } = {}) {
    const jwk = this.keys.publicKey.export({ format: "jwk" });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.rawId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.rawId, isoCBOR.encode(coseKey)]);
    const flags = FLAGS.up | FLAGS.at | (userVerified ? FLAGS.uv : 0);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", this.authenticatorData(flags, attested)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", challenge)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
    };
  }

  /** The answer to authentication options carrying `challenge`. */
  assert(challenge: string, { userVerified = true } = {}) {
    const clientData = this.clientData("webauthn.get", challenge);
    const authenticatorData = this.authenticatorData(FLAGS.up | (userVerified ? FLAGS.uv : 0));
    const signature = sign("sha256", Buffer.concat([authenticatorData, sha256(clientData)]), this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
    };
  }
}
