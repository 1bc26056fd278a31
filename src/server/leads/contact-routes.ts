import { Hono, type Context } from "hono";
import { z } from "~/schemas/zod";
import { contract, okAnswer } from "~/server/contract";
import {
  contactRecordSchema,
  contactListQuerySchema,
  contactPatchSchema,
  NEXT_BEFORE_HEADER,
} from "~/schemas/contact-record";
import { CONTACT_FORM_REDIRECTS } from "~/server/config";
import { contactMessageSchema } from "~/schemas/contact";
import { splitFullName } from "~/schemas/contact-fields";
import { actorOf } from "~/server/auth/middleware";
import { listContacts } from "./queries/contacts";
import {
  markNotSpam,
  markSpam,
  releaseHeld,
  setContactHandled,
  submitContact,
  type StoredContact,
} from "./commands/contacts";
import { preferredLanguage } from "./language";
import { isConnectionFailure } from "~/server/db/types";
import { formSource } from "./source";
import { clientIp, HttpError, idParam, jsonBody, mailAfterResponse, queryOf, type AppEnv } from "~/server/http";

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
  // The mailer (nodemailer) loads only when there is something to send: a cold start answers without it.
  if (stored && stored.queued > 0) mailAfterResponse(c, { contactId: stored.id });
}

/** The public contact form: JSON from the island, or a plain form post. */
export const contactRoutes = new Hono<AppEnv>()
  // Likely spam gets the same 201 and is stored in the Spam view.
  .post(
    "/api/contact",
    contract({
      does: "a [contact message](#contact-message); 429 `Too many messages, try again later`",
      answer: okAnswer,
      status: 201,
      refusals: ["rate_limited"],
    }),
    jsonBody(contactMessageSchema),
    async (c) => {
      const language = preferredLanguage(c.req.header("accept-language"));
      notifySoon(c, await submitContact(await c.var.db(), c.req.valid("json"), clientIp(c), undefined, language));
      return c.json({ ok: true }, 201);
    },
  )
  .post(
    "/api/contact/form",
    contract({
      does: "form fields `fullName, email, phone, message, website`: 303 to `/contact/thanks`, or to `/contact/error?reason=invalid|rate-limited|unavailable`",
      answer: "redirect",
      status: 303,
    }),
    async (c) => {
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
    },
  );

/** The staff inbox of those messages. */
export const inboxRoutes = new Hono<AppEnv>()
  // Newest first; `?limit`, `?before` and `?handled` page and filter them.
  .get(
    "/api/contacts",
    contract({
      does: "messages newest first; header `X-Next-Before` when a next page may exist",
      answer: z.array(contactRecordSchema),
    }),
    queryOf(contactListQuerySchema),
    async (c) => {
      const { records, nextBefore } = await listContacts(await c.var.db(), c.req.valid("query"));
      return c.json(records, 200, nextBefore ? { [NEXT_BEFORE_HEADER]: nextBefore } : {});
    },
  )
  // An empty body means "handled".
  .patch(
    "/api/contacts/:id",
    contract({
      does: "`{handled}` (default true; an empty body means handled): the updated message",
      answer: contactRecordSchema,
      refusals: ["not_found"],
    }),
    jsonBody(contactPatchSchema, { optional: true }),
    async (c) => {
      const record = await setContactHandled(
        await c.var.db(),
        idParam(c, "Contact message"),
        c.req.valid("json").handled,
        actorOf(c),
      );
      if (!record) throw new HttpError(404, "Contact message not found");
      return c.json(record);
    },
  )
  .post(
    "/api/contacts/:id/spam",
    contract({
      does: "files a message the rules let through under Spam (reason `marked`): out of the inbox, the Leads and the counts",
      answer: contactRecordSchema,
      refusals: ["not_found"],
    }),
    async (c) => c.json(await markSpam(await c.var.db(), idParam(c, "Contact message"), actorOf(c))),
  )
  .post(
    "/api/contacts/:id/not-spam",
    contract({ does: "moves a message out of Spam", answer: contactRecordSchema, refusals: ["not_found"] }),
    async (c) => c.json(await markNotSpam(await c.var.db(), idParam(c, "Contact message"), actorOf(c))),
  )
  .post(
    "/api/contacts/:id/release",
    contract({ does: "releases a held message into the inbox", answer: contactRecordSchema, refusals: ["not_found"] }),
    async (c) => c.json(await releaseHeld(await c.var.db(), idParam(c, "Contact message"), actorOf(c))),
  );
