import { CONTACT_FORM_REDIRECTS } from "../../src/config/api";
import { contactMessageSchema, splitFullName } from "../../src/schemas/contact";
import { submitContact } from "../../src/server/contacts";
import { HttpError, handle, json, readForm, validate, type FunctionConfig } from "../../src/server/http";
import { isConnectionFailure } from "../../src/server/db/types";

const redirect = (location: string) => json({ location }, 303, { Location: location });

const failure = (reason: "invalid" | "rate-limited" | "unavailable") =>
  redirect(`${CONTACT_FORM_REDIRECTS.error}?reason=${reason}`);

/** No-JavaScript fallback of the contact form: same schema and limit, answered with 303 redirects. */
export default handle({
  async POST(scope) {
    try {
      const form = await readForm(scope.req);
      const message = validate(contactMessageSchema, {
        ...splitFullName(form.fullName ?? ""),
        email: form.email ?? "",
        phone: form.phone || undefined,
        message: form.message ?? "",
        website: form.website,
      });
      await submitContact(await scope.db(), message, scope.ip);
      return redirect(CONTACT_FORM_REDIRECTS.success);
    } catch (error) {
      if (error instanceof HttpError && error.status === 429) return failure("rate-limited");
      if (error instanceof HttpError && error.status < 500) return failure("invalid");
      if (isConnectionFailure(error)) return failure("unavailable");
      throw error;
    }
  },
});

// Netlify's edge limit per client address, before the function (and the database) is reached; the
// database-backed limits stay the precise ones. Literals: Netlify reads this config without running it.
export const config: FunctionConfig = {
  path: "/api/contact/form",
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
