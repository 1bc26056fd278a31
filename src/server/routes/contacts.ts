import { Hono, type Context } from "hono";
import { CONTACT_FORM_REDIRECTS } from "~/server/config";
import { contactMessageSchema } from "~/schemas/contact";
import { splitFullName } from "~/schemas/contact-fields";
import { contactListQuerySchema, contactPatchSchema, NEXT_BEFORE_HEADER } from "~/schemas/contact-record";
import { actorOf } from "~/server/auth/middleware";
import {
  listContacts,
  markNotSpam,
  releaseHeld,
  setContactHandled,
  submitContact,
  type StoredContact,
} from "~/server/contacts";
import { preferredLanguage } from "~/server/leads/language";
import { isConnectionFailure } from "~/server/db/types";
import { formSource } from "~/server/leads/source";
import { env } from "~/server/env";
import { clientIp, HttpError, idParam, jsonBody, queryOf, type AppEnv } from "~/server/http";

/** The no-JavaScript form's fields as a contact message (same schema as the island's JSON). */
async function formMessage(c: Context<AppEnv>) {
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    throw new HttpError(415, "Content-Type must be application/x-www-form-urlencoded or multipart/form-data");
  }
  let form: Record<string, string | File>;
  try {
    form = await c.req.parseBody();
  } catch (error) {
    throw new HttpError(400, "Malformed form body", { cause: error });
  }
  const text = (name: string) => (typeof form[name] === "string" ? form[name] : undefined);
  const parsed = contactMessageSchema.safeParse({
    ...splitFullName(text("fullName") ?? ""),
    email: text("email") ?? "",
    phone: text("phone") || undefined,
    message: text("message") ?? "",
    website: text("website"),
    // Without script the form cannot know where the visitor came from: its Referer is the contact page as opened.
    ...formSource(c.req.header("referer")),
  });
  if (!parsed.success) throw new HttpError(400, "Invalid request body");
  return parsed.data;
}

/** The form's answer: 303 to the thank-you page, or to the error page with a reason it can explain. */
const redirect = (c: Context<AppEnv>, location: string) => c.json({ location }, 303, { Location: location });

/**
 * Tries to send a new message's e-mails right after the response; the every-minute job sends whatever this
 * attempt does not (no sender configured, the server refused or was slow).
 */
function notifySoon(c: Context<AppEnv>, stored: StoredContact | undefined): void {
  if (stored && stored.queued > 0 && !env().NOTIFY_SCHEDULED_ONLY)
    // The mailer (nodemailer) loads only when there is something to send: a cold start answers without it.
    c.var.afterResponse(async (db) =>
      (await import("~/server/notifications/deliver")).deliverConfigured(db, stored.id),
    );
}

/** The public contact form: JSON from the island, or a plain form post. */
export const contactRoutes = new Hono<AppEnv>()
  // Likely spam gets the same 201 and is stored in the Spam view.
  .post("/api/contact", jsonBody(contactMessageSchema), async (c) => {
    const language = preferredLanguage(c.req.header("accept-language"));
    notifySoon(c, await submitContact(await c.var.db(), c.req.valid("json"), clientIp(c), undefined, language));
    return c.json({ ok: true }, 201);
  })
  .post("/api/contact/form", async (c) => {
    try {
      const language = preferredLanguage(c.req.header("accept-language"));
      notifySoon(c, await submitContact(await c.var.db(), await formMessage(c), clientIp(c), undefined, language));
      return redirect(c, CONTACT_FORM_REDIRECTS.success);
    } catch (error) {
      const reason =
        error instanceof HttpError && error.status === 429
          ? "rate-limited"
          : error instanceof HttpError && error.status < 500
            ? "invalid"
            : isConnectionFailure(error)
              ? "unavailable"
              : undefined;
      if (!reason) throw error;
      return redirect(c, `${CONTACT_FORM_REDIRECTS.error}?reason=${reason}`);
    }
  });

/** The staff inbox of those messages. */
export const inboxRoutes = new Hono<AppEnv>()
  // Newest first; `?limit`, `?before` and `?handled` page and filter them.
  .get("/api/contacts", queryOf(contactListQuerySchema), async (c) => {
    const { records, nextBefore } = await listContacts(await c.var.db(), c.req.valid("query"));
    return c.json(records, 200, nextBefore ? { [NEXT_BEFORE_HEADER]: nextBefore } : {});
  })
  // An empty body means "handled".
  .patch("/api/contacts/:id", jsonBody(contactPatchSchema, { optional: true }), async (c) => {
    const record = await setContactHandled(
      await c.var.db(),
      idParam(c, "Contact message"),
      c.req.valid("json").handled,
      actorOf(c),
    );
    if (!record) throw new HttpError(404, "Contact message not found");
    return c.json(record);
  })
  .post("/api/contacts/:id/not-spam", async (c) => {
    const record = await markNotSpam(await c.var.db(), idParam(c, "Contact message"), actorOf(c));
    if (!record) throw new HttpError(404, "Contact message not found");
    return c.json(record);
  })
  .post("/api/contacts/:id/release", async (c) => {
    const record = await releaseHeld(await c.var.db(), idParam(c, "Contact message"), actorOf(c));
    if (!record) throw new HttpError(404, "Contact message not found");
    return c.json(record);
  });
