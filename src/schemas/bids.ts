/**
 * Bids sent to clients and signed online: what the portal sends, what the client's page reads and answers,
 * and what the pipeline lists. A bid is the editor's draft identity; each send makes an immutable sent
 * version of it (its document, its signers, its expiry), and a newer send replaces the older one.
 */
import { BODY_TAGS, bodyDepthOf, bodyProblem, bodyText, type BodyNode } from "./bid-body";
import { BID_CODE, BID_LANGUAGES, BID_LIMITS } from "./bid-fields";
import { printableCheck } from "./printable-check";
import { oneLine, plainText } from "./single-line";
import { documentSettingsSchema, proposalDocumentSchema } from "./proposal-document";
import { z } from "./zod";

/** A bid's place in the pipeline; `expired` and `replaced` are computed from dates and newer sends. */
export const BID_STATUSES = ["sent", "viewed", "accepted", "declined", "expired", "withdrawn", "replaced"] as const;
export type BidStatus = (typeof BID_STATUSES)[number];

/** What the timeline records, in the order a bid usually meets them. */
export const BID_EVENT_KINDS = [
  "sent",
  "viewed",
  "consented",
  "code-sent",
  "code-failed",
  "signed",
  "declined",
  "sealed",
  "seal-failed",
  "emailed",
  "reminded",
  "expiry-notice",
  "renewal-asked",
  "withdrawn",
  "replaced",
] as const;
export type BidEventKind = (typeof BID_EVENT_KINDS)[number];

/**
 * Text the client typed or the company wrote: trimmed, bounded, never markup (rendered as text everywhere),
 * without control or bidi formatting characters; a name (`requiredText`, `line`) also on one line. Each is
 * printable by the signed PDF's fonts (`label` names the field in the refusal).
 */
const text = (max: number, label: string) =>
  z.string().check(z.overwrite(plainText), z.trim(), z.maxLength(max), printableCheck(label));
const requiredText = (max: number, message: string, label: string) =>
  z.string().check(z.overwrite(oneLine), z.trim(), z.minLength(1, message), z.maxLength(max), printableCheck(label));
const line = (max: number, label: string) =>
  z
    .string()
    .check(z.overwrite(oneLine), z.trim(), z.maxLength(max, `At most ${max} characters`), printableCheck(label));

/** A signer as staff enter them: the name the bid is addressed to and the address its link goes to. */
export const bidSignerInputSchema = z.object({
  name: requiredText(BID_LIMITS.signerName, "Signer name is required", "Signer name"),
  email: z.email("Enter a valid e-mail address").check(z.trim(), z.maxLength(BID_LIMITS.email)),
  /** The language of the signer's e-mails, page, disclosure and certificate; English when not given. */
  language: z.optional(z.enum(BID_LANGUAGES)),
});

/**
 * The proposal body as the client page and the PDF render it: the editor's own formatting as a tree of
 * allowed elements and plain text, built in the browser from the editor's sanitised HTML. Nothing in it is
 * markup: text is text wherever it is drawn, so a stored name or paragraph can never run as code.
 */
export { BODY_TAGS, type BodyNode, type BodyTag } from "./bid-body";

const DEEPER_THAN_ALLOWED = `The proposal body nests deeper than ${BID_LIMITS.bodyDepth} levels: flatten its lists or formatting`;

/**
 * The body's nodes at `depth` (0 at the top): elements only above `BID_LIMITS.bodyDepth`, text alone at it, so
 * parsing a tree nested a thousand deep stops at the limit with a 400 instead of walking (and overflowing) it.
 */
function bodyNodeAt(depth: number): z.ZodMiniType<BodyNode, BodyNode> {
  const text = z.string().check(z.maxLength(100_000), printableCheck("Proposal text", bodyText));
  if (depth >= BID_LIMITS.bodyDepth)
    return z
      .string({ error: DEEPER_THAN_ALLOWED })
      .check(z.maxLength(100_000), printableCheck("Proposal text", bodyText));
  const children = bodyNodeAt(depth + 1);
  return z.union([
    text,
    z.object({
      tag: z.enum(BODY_TAGS),
      align: z.optional(z.enum(["left", "center", "right"])),
      start: z.optional(z.int().check(z.gte(0), z.lte(10_000))),
      children: z.array(children).check(z.maxLength(5_000)),
    }),
  ]) as z.ZodMiniType<BodyNode, BodyNode>;
}

/** One body node at the top of the tree, its descendants held to the depth limit. */
export const bodyNodeSchema: z.ZodMiniType<BodyNode, BodyNode> = bodyNodeAt(0);

/**
 * The whole body: its depth checked first (one clear refusal, and a tree nested a thousand deep is never walked
 * recursively), then its nodes, and at most so many of them and so much text (bodyProblem).
 */
const bodySchema: z.ZodMiniType<BodyNode[], BodyNode[]> = z.pipe(
  z.custom<BodyNode[]>((value) => bodyDepthOf(value) <= BID_LIMITS.bodyDepth, { error: DEEPER_THAN_ALLOWED }),
  z.array(bodyNodeSchema).check(
    z.maxLength(5_000),
    z.refine((nodes) => bodyProblem(nodes) === null, {
      error: (issue) => bodyProblem(issue.input as BodyNode[]) ?? "Invalid body",
    }),
  ),
);

/** The document a sent version freezes: the editor's settings and content, its logo inline, its body as a tree. */
export const sentDocumentSchema = z.object({
  settings: z.extend(z.omit(documentSettingsSchema, { logoFile: true }), {
    /** The logo as a PNG or JPEG data URL, or null for none. */
    logo: z.nullable(
      z.string().check(z.maxLength(BID_LIMITS.logoChars), z.regex(/^data:image\/(?:png|jpeg);base64,[A-Za-z0-9+/=]+$/)),
    ),
  }),
  /** The letterhead and the bid box: each field prints on one line. */
  content: z.extend(proposalDocumentSchema.shape.documentContent, {
    companyName: line(BID_LIMITS.headerField, "Company name"),
    companyAddress: line(BID_LIMITS.headerField, "Company address"),
    projectName: line(BID_LIMITS.headerField, "Project name"),
    projectLocation: line(BID_LIMITS.headerField, "Project location"),
    currentDate: line(BID_LIMITS.headerField, "Date"),
    baseBidAmount: line(BID_LIMITS.amount, "Base bid amount"),
    paintMaterials: line(BID_LIMITS.amount, "Paint materials"),
    paintLabor: line(BID_LIMITS.amount, "Paint labor"),
    equipment: line(BID_LIMITS.amount, "Equipment"),
  }),
  body: bodySchema,
});
export type SentDocument = z.infer<typeof sentDocumentSchema>;

/** A calendar day, YYYY-MM-DD, in the company's time zone. */
const day = z.iso.date();

/** Body of POST /api/portal/bids: send (or, with `bidId`, send again and replace the earlier link). */
export const bidSendSchema = z.object({
  bidId: z.optional(z.uuid()),
  /** The lead the proposal answers ("Start a proposal" on a lead): linked, and the lead becomes proposal-sent. */
  leadId: z.optional(z.uuid()),
  document: sentDocumentSchema,
  signers: z
    .array(bidSignerInputSchema)
    .check(
      z.minLength(BID_LIMITS.signers.min, "Add a signer"),
      z.maxLength(BID_LIMITS.signers.max, `At most ${BID_LIMITS.signers.max} signers`),
    ),
  message: text(BID_LIMITS.message, "Message"),
  /** The last day the bid can be signed (through 23:59 company time). */
  expiresOn: day,
});
export type BidSend = z.infer<typeof bidSendSchema>;

/** Body of POST /api/portal/bids/:id/reissue: the same document to the same signers, with a new expiry. */
export const bidReissueSchema = z.object({ expiresOn: day });

/** Send the link again: to which signer of the open version. */
export const bidResendSchema = z.object({ signerId: z.uuid() });

/** A signer as staff see them in the pipeline. */
const staffSignerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  viewedAt: z.nullable(z.iso.datetime()),
  signedAt: z.nullable(z.iso.datetime()),
  declinedAt: z.nullable(z.iso.datetime()),
  declineReason: z.nullable(z.string()),
});

/** A bid in the pipeline list: its newest sent version's facts. */
export const bidSummarySchema = z.object({
  id: z.uuid(),
  versionId: z.uuid(),
  version: z.int(),
  status: z.enum(BID_STATUSES),
  projectName: z.string(),
  /** The base bid amount as printed ("$485,000.00"). */
  amount: z.string(),
  /** The signers' names, joined: who the bid is for. */
  client: z.string(),
  sentBy: z.nullable(z.string()),
  sentAt: z.iso.datetime(),
  expiresOn: day,
  viewedAt: z.nullable(z.iso.datetime()),
  decidedAt: z.nullable(z.iso.datetime()),
  /** The signed PDF exists (accepted bids only); until it does, `sealFailed` says whether an attempt failed. */
  sealed: z.boolean(),
  sealFailed: z.boolean(),
  /**
   * The signers (joined) whose link spent every wrong code while the bid is open: they can neither sign nor
   * decline until the bid is re-issued. Null when none.
   */
  codesSpentBy: z.nullable(z.string()),
});
export type BidSummary = z.infer<typeof bidSummarySchema>;

/** One timeline entry: what happened, when (UTC), from which address and device, to or by which signer. */
export const bidEventSchema = z.object({
  kind: z.enum(BID_EVENT_KINDS),
  at: z.iso.datetime(),
  version: z.int(),
  signer: z.nullable(z.string()),
  ip: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
  detail: z.nullable(z.string()),
});
export type BidEvent = z.infer<typeof bidEventSchema>;

/** GET /api/portal/bids/:id: the summary, its signers, the message and the whole timeline, newest first. */
export const bidDetailSchema = z.extend(bidSummarySchema, {
  message: z.string(),
  sha256: z.string(),
  signers: z.array(staffSignerSchema),
  events: z.array(bidEventSchema),
});
export type BidDetail = z.infer<typeof bidDetailSchema>;

/** The client's link secret: 256 bits, base64url (43 characters), carried in the link's fragment. */
export const bidSecretSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, "Invalid link"));

/** Bodies of the client's calls: every one names its link. */
export const bidLinkSchema = z.object({ secret: bidSecretSchema });

/** POST /api/bids/open: the link, and the page's language (its disclosure is shown in it). */
export const bidOpenSchema = z.extend(bidLinkSchema, { language: z.optional(z.enum(BID_LANGUAGES)) });

/** POST /api/bids/code: the signer consents to sign electronically (the disclosure they read) and asks for a code. */
export const bidCodeRequestSchema = z.extend(bidLinkSchema, {
  consent: z.literal(true, "Agree to sign electronically first"),
  consentHash: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
});

/** The e-mailed code as sent: exactly its digits. */
const codeSchema = z
  .string()
  .check(z.regex(new RegExp(`^\\d{${BID_CODE.digits}}$`), `Enter the ${BID_CODE.digits}-digit code`));

/** POST /api/bids/check-code: the code as typed on the code screen, checked (and counted) before signing. */
export const bidCodeCheckSchema = z.extend(bidLinkSchema, { code: codeSchema });

/** Why a code was refused: none asked for, every wrong code spent, this code's tries spent, expired, or wrong. */
export const CODE_REFUSALS = ["no-code", "locked", "spent", "expired", "wrong"] as const;

/** The answer of POST /api/bids/check-code: confirmed, or why not and the tries left before the code is spent. */
export const bidCodeCheckAnswerSchema = z.object({
  confirmed: z.boolean(),
  reason: z.nullable(z.enum(CODE_REFUSALS)),
  triesLeft: z.int(),
});
export type BidCodeCheckAnswer = z.infer<typeof bidCodeCheckAnswerSchema>;

/** POST /api/bids/sign: the code, the typed full name, an optional drawn signature, and the explicit acceptance. */
export const bidSignSchema = z.extend(bidLinkSchema, {
  code: codeSchema,
  name: requiredText(BID_LIMITS.signerName, "Type your full name", "Your full name"),
  drawing: z.nullable(
    z.string().check(z.maxLength(BID_LIMITS.drawingChars), z.regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/)),
  ),
  consentHash: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  accept: z.literal(true, "Confirm that you accept the proposal"),
});

/** POST /api/bids/decline: an optional reason, and the e-mailed code (a forwarded link alone cannot decline). */
export const bidDeclineSchema = z.extend(bidLinkSchema, {
  reason: text(BID_LIMITS.declineReason, "Reason"),
  code: codeSchema,
});

/**
 * What the client's page shows (POST /api/bids/open and the answers of code, sign and decline): the document
 * exactly as sent, this signer's state, the others' progress and the disclosure to consent to.
 */
export const bidViewSchema = z.object({
  documentId: z.uuid(),
  status: z.enum(BID_STATUSES),
  sentAt: z.iso.datetime(),
  expiresOn: day,
  sender: z.string(),
  message: z.string(),
  document: sentDocumentSchema,
  signer: z.object({
    name: z.string(),
    /** The address the code goes to, partly hidden ("j•••@example.com"). */
    email: z.string(),
    consentedAt: z.nullable(z.iso.datetime()),
    signedAt: z.nullable(z.iso.datetime()),
    declinedAt: z.nullable(z.iso.datetime()),
    /** The language staff chose for this signer. */
    language: z.enum(BID_LANGUAGES),
  }),
  signers: z.array(z.object({ name: z.string(), signed: z.boolean(), declined: z.boolean() })),
  /** The E-SIGN consumer disclosure as shown, and the SHA-256 of that text (what the signature records). */
  consent: z.object({ paragraphs: z.array(z.string()), hash: z.string() }),
  /** The signed PDF is ready (Download PDF then gives the sealed file). */
  sealed: z.boolean(),
});
export type BidView = z.infer<typeof bidViewSchema>;

/** GET /api/verify/:sha256: whether this company sealed exactly the file with this hash, for whom and when. */
export const bidVerificationSchema = z.object({
  sealed: z.literal(true),
  documentId: z.uuid(),
  projectName: z.string(),
  amount: z.string(),
  signers: z.array(z.object({ name: z.string(), signedAt: z.iso.datetime() })),
  sealedAt: z.iso.datetime(),
  /** The sealed file's event log: the events on its certificate page (and attached to it), then the seal. */
  events: z.array(
    z.object({
      kind: z.string(),
      at: z.iso.datetime(),
      signer: z.nullable(z.string()),
      ip: z.nullable(z.string()),
      userAgent: z.nullable(z.string()),
    }),
  ),
});
export type BidVerification = z.infer<typeof bidVerificationSchema>;

/** A SHA-256 as lowercase hex: the /verify path parameter. */
export const sha256HexSchema = z.string().check(z.regex(/^[0-9a-f]{64}$/, "Expected a SHA-256 in hexadecimal"));
