/** Setting up an authenticator app (TOTP) as a second factor. */
import { z } from "./zod";

/** Body of POST /api/portal/account/totp/confirm: a code from the newly set-up app. */
export const totpConfirmSchema = z.object({
  code: z.string().check(z.trim(), z.regex(/^\d{6}$/, "Enter the 6-digit code from the app")),
});

/** Answer of POST /api/portal/account/totp: the secret to type in, and the otpauth:// URI drawn as a QR code. */
export const totpSetupSchema = z.object({ secret: z.string(), uri: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;
