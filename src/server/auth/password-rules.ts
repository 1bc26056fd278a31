import { passwordVerdict } from "~/lib/password-strength";
import { HttpError } from "~/server/http";

/**
 * Refuses a new portal password the strength estimate rejects (400 naming `field`), with the person's
 * username and display name as words it must not lean on.
 */
export function requireStrongPassword(password: string, personal: string[], field: string): void {
  const verdict = passwordVerdict(password, personal);
  if (verdict.ok) return;
  throw new HttpError(400, verdict.problem!, {
    code: "weak_password",
    issues: [{ path: [field], message: verdict.problem, code: "too_weak" }],
  });
}
