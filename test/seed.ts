/**
 * The API as the browser suite and the benches use it to set things up: sign-ins, accounts, templates,
 * messages. Every call goes through Hono's typed client over the API's contract (`AppType`, the type the portal's
 * client is built from too): the paths, the bodies sent and the answers read are the routes' own, so a change to
 * the contract fails the type check here. `Send` is the one place that knows how a request travels (the global
 * fetch, or a Playwright request context). The import of `AppType` is a type only: nothing of the server is loaded
 * into Playwright or the benches.
 */
import { hc, type ClientResponse, type InferRequestType, type InferResponseType } from "hono/client";
import type { AppType } from "../src/server/app";

/** Sends one request to the server under test (a path relative to it): fetch's shape, as Hono's client (hc) takes it. */
export type Send = (path: string, init: RequestInit) => Promise<Response>;

/** Requests to the server at `baseUrl`, through the global fetch. */
export const sendTo =
  (baseUrl: string): Send =>
  (path, init) =>
    fetch(new URL(path, baseUrl), init);

/**
 * The public API paths the specs intercept (`page.route`), wait for (`waitForRequest`, `waitForResponse`) or
 * compare with what the page sent, and the benches hand to a load generator: no call goes through these (calls go
 * through `seedApi`, whose paths are the contract's).
 */
export const API = {
  /** Every API path starts with it. */
  base: "/api",
  contact: "/api/contact",
  contactForm: "/api/contact/form",
  contacts: "/api/contacts",
  login: "/api/portal/login",
  logout: "/api/portal/logout",
  session: "/api/portal/session",
  /** Staff's bid calls: send, the pipeline, one bid (`/<id>`), its PDF, withdraw, re-issue, seen. */
  bids: "/api/portal/bids",
  templates: "/api/portal/templates",
  templateSummaries: "/api/portal/templates?view=summary",
  exports: "/api/portal/exports",
  signatureTemplates: "/api/portal/signature-templates",
  companySignatureTemplates: "/api/company-signature-templates",
  /** Public: stored signature images and logos, `/<sha256>.png`. */
  signatureImages: "/api/signature-images",
} as const;

/** The API's client over `send`: paths, inputs and answers typed from the contract. */
function clientOver(send: Send) {
  const fetchVia = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const path = String(input);
    const response = await send(path, init);
    sentAs.set(response, `${init.method ?? "GET"} ${path}`);
    return response;
  };
  return hc<AppType>("/", { fetch: fetchVia as typeof fetch }).api;
}

/** The API's typed client (no request is sent through it; `$path` only). */
const paths = hc<AppType>("/").api;

/** Queues a message's failed notification e-mails again (the inbox's Retry): its path, which specs intercept. */
export const notificationRetryPath = (contactId: string): string =>
  paths.contacts[":id"]["notification-retry"].$path({ param: { id: encodeURIComponent(contactId) } });

/** The request line each answer came from, for the failure message. */
const sentAs = new WeakMap<Response, string>();

/** The JSON a call's answer carries at `S`, as the contract states it. */
type BodyAt<R, S extends number> =
  R extends ClientResponse<infer Body, infer Status, string> ? (S extends Status ? Body : never) : never;

/** The JSON of an answer; undefined for an empty or non-JSON one (a proxy's error page), which `answer` then names. */
function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** The answer's status, headers, text and JSON (undefined for an empty body). */
async function exchange<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
): Promise<{ status: number; headers: Headers; text: string; body: unknown; sent: string }> {
  const response = await request;
  const text = await response.text();
  const sent = sentAs.get(response) ?? "the request";
  return { status: response.status, headers: response.headers, text, body: parseJson(text), sent };
}

/** The JSON of the answer, which must have status `status`: any other fails the call, naming what the server said. */
async function answer<R extends ClientResponse<unknown, number, string>, S extends number>(
  request: Promise<R>,
  status: S,
): Promise<BodyAt<R, S>> {
  const { status: got, text, body, sent } = await exchange(request);
  if (got !== status) throw new Error(`${sent} answered ${got}, not ${status}: ${text}`);
  return body as BodyAt<R, S>;
}

type Client = ReturnType<typeof clientOver>;

/** A staff member's name and password. */
export type Credentials = Pick<InferRequestType<Client["portal"]["login"]["$post"]>["json"], "username" | "password">;

/** A contact-form message (its JSON). */
export type ContactInput = InferRequestType<Client["contact"]["$post"]>["json"];

/** A proposal template as created or saved. */
export type TemplateInput = InferRequestType<Client["portal"]["templates"]["$post"]>["json"];

/** A proposal template as the API returns one. */
export type StoredTemplate = InferResponseType<Client["portal"]["templates"][":id"]["$get"], 200>;

/** A signature template as created: its JSON fields as strings. */
export type SignatureInput = InferRequestType<Client["portal"]["signature-templates"]["$post"]>["json"];

/** A signature template as the company's list names it. */
export type SignatureSummary = InferResponseType<Client["company-signature-templates"]["$get"], 200>[number];

/** Who gets notification e-mails and how often. */
export type NotificationPreferences = InferRequestType<Client["portal"]["notification-preferences"]["$put"]>["json"];

/** A new person invited by an administrator. */
export type NewStaff = InferRequestType<Client["portal"]["staff"]["$post"]>["json"];

/** What an invitation answers: the link carries its token after `#`. */
export type Invitation = InferResponseType<Client["portal"]["staff"]["$post"], 201>;

/** A send to clients (POST /api/portal/bids). */
export type BidInput = InferRequestType<Client["portal"]["bids"]["$post"]>["json"];

/** The headers of a request signed in as `token`. */
const auth = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

/** The headers of a request signed in as `token`, or signed out. */
const signedIn = (token: string | undefined): Record<string, string> => (token ? auth(token) : {});

/** The headers of a request from the client address `ip` (the API throttles some calls per address). */
const from = (ip: string | undefined): Record<string, string> => (ip ? { "x-forwarded-for": ip } : {});

/** A client address of the documentation range 198.51.100.0/24 (RFC 5737) no earlier call is likely to have used. */
export const randomVisitor = (): string => `198.51.100.${1 + Math.floor(Math.random() * 254)}`;

/** The set-up calls, sent through `send`. */
export function seedApi(send: Send) {
  const client = clientOver(send);
  const { portal } = client;
  /** The calls whose Response, typed by the contract and unread, is the caller's to check (or to time). */
  const answered = {
    /** The signed-in session of `token` (none: signed out). */
    session: (token?: string) => portal.session.$get(undefined, { headers: signedIn(token) }),
    /** The proposal templates, whole or (`view` "summary") without their content. */
    templateList: (token?: string, view?: "summary") =>
      portal.templates.$get({ query: view ? { view } : {} }, { headers: signedIn(token) }),
    /** One proposal template, its version as ETag. */
    templateById: (token: string, id: string) =>
      portal.templates[":id"].$get({ param: { id } }, { headers: auth(token) }),
    /** Creates a proposal template. */
    createTemplate: (token: string, template: TemplateInput) =>
      portal.templates.$post({ json: template }, { headers: auth(token) }),
    /** Saves a new version of template `id`, over `version` (sent as If-Match) when given. */
    saveTemplate: (token: string, id: string, template: TemplateInput, version?: number) =>
      portal.templates[":id"].$put(
        { param: { id }, json: template },
        { headers: { ...auth(token), ...(version === undefined ? {} : { "if-match": `"v${version}"` }) } },
      ),
    /** Moves template `id` to the Trash. */
    deleteTemplate: (token: string, id: string) =>
      portal.templates[":id"].$delete({ param: { id } }, { headers: auth(token) }),
    /** The signed-in member's own signature templates. */
    signatureList: (token: string) => portal["signature-templates"].$get({ query: {} }, { headers: auth(token) }),
    /** The company's signature templates. */
    companySignatureList: (token: string) =>
      client["company-signature-templates"].$get({ query: {} }, { headers: auth(token) }),
    /** The inbox's messages (`handled`, `limit`: the inbox's filters). */
    messages: (token: string, query: InferRequestType<Client["contacts"]["$get"]>["query"]) =>
      client.contacts.$get({ query }, { headers: auth(token) }),
  };
  const summaries = async (token: string) => answer(answered.templateList(token, "summary"), 200);
  return {
    ...answered,
    /** Signs in with a password (a real scrypt) and returns the session token. */
    async login(user: Credentials, ip?: string): Promise<string> {
      const json = { ...user, rememberMe: false };
      const body = await answer(portal.login.$post({ json }, { headers: from(ip) }), 200);
      if (!("token" in body)) throw new Error(`Sign-in of ${user.username} asked for a second factor`);
      return body.token;
    },
    /** The first step of a sign-in whose account has a second factor: its ticket. */
    async loginTicket(user: Credentials): Promise<string> {
      const body = await answer(portal.login.$post({ json: user }), 200);
      if (!("ticket" in body)) throw new Error(`Sign-in of ${user.username} asked for no second factor`);
      return body.ticket;
    },
    /** The second step: the ticket and a code from the app (or a recovery code); the session token. */
    async secondFactor(ticket: string, code: string): Promise<string> {
      return (await answer(portal.login["second-factor"].$post({ json: { ticket, code } }), 200)).token;
    },
    /** Confirms the session of `token` (sudo mode) with the password, and the code when it has an app; the token. */
    async confirm(token: string, password: string, code?: string): Promise<string> {
      await answer(portal.account.confirm.$post({ json: { password, code } }, { headers: auth(token) }), 200);
      return token;
    },
    /** An administrator invites a person; their invitation. */
    invite(admin: string, person: NewStaff): Promise<Invitation> {
      return answer(portal.staff.$post({ json: person }, { headers: auth(admin) }), 201);
    },
    /** Accepts `invitation` with `password`; the new member's session token. */
    async accept(invitation: Invitation, password: string): Promise<string> {
      const json = { token: invitation.link.split("#")[1] ?? "", password };
      return (await answer(portal.invitation.accept.$post({ json }), 200)).token;
    },
    /** Starts an authenticator-app set-up for a confirmed session: the app's secret (base32). */
    async totpSecret(token: string): Promise<string> {
      return (await answer(portal.account.totp.$post(undefined, { headers: auth(token) }), 201)).secret;
    },
    /** Finishes the set-up with a code from the app; the ten recovery codes. */
    async totpConfirm(token: string, code: string): Promise<string[]> {
      const request = portal.account.totp.confirm.$post({ json: { code } }, { headers: auth(token) });
      return (await answer(request, 200)).recoveryCodes;
    },
    /** Sets the signed-in member's notification e-mails (a new address needs a confirmed session). */
    async notifications(token: string, preferences: NotificationPreferences): Promise<void> {
      const request = portal["notification-preferences"].$put({ json: preferences }, { headers: auth(token) });
      await answer(request, 200);
    },
    /** The signed-in member's notification settings, as the API answers them (the answer is the test's to check). */
    async notificationSettings(token: string): Promise<unknown> {
      return (await exchange(portal["notification-preferences"].$get(undefined, { headers: auth(token) }))).body;
    },
    /** Opens the link mailed to a new notification address (its `#` part); what the API answers. */
    async confirmAddress(linkToken: string): Promise<unknown> {
      return (await exchange(portal["notification-address"].confirm.$post({ json: { token: linkToken } }))).body;
    },
    /** Sends a contact-form message from the client address `ip`. */
    async contact(message: ContactInput, ip = randomVisitor()): Promise<void> {
      await answer(client.contact.$post({ json: message }, { headers: from(ip) }), 201);
    },
    /** Creates a proposal template; its id. */
    async template(token: string, template: TemplateInput): Promise<string> {
      return (await answer(answered.createTemplate(token, template), 201)).id;
    },
    /** Tries to create a proposal template; the status it answered (bulk seeding that runs into the hourly save limit). */
    async tryTemplate(token: string, template: TemplateInput): Promise<number> {
      return (await exchange(answered.createTemplate(token, template))).status;
    },
    /** One proposal template and its ETag, which names its version. */
    async readTemplate(token: string, id: string): Promise<{ etag: string | null; template: StoredTemplate }> {
      const { headers, body } = await exchange(answered.templateById(token, id));
      return { etag: headers.get("etag"), template: body as StoredTemplate };
    },
    /** Saves a new version of template `id` over `version` (sent as If-Match). */
    async updateTemplate(token: string, id: string, version: number, template: TemplateInput): Promise<void> {
      await answer(answered.saveTemplate(token, id, template, version), 200);
    },
    /** The proposal templates' summary list. */
    templates: summaries,
    /** Deletes the proposal templates titled `title` (tidying up after a test: a missing one is no failure). */
    async deleteTemplates(token: string, title: string): Promise<void> {
      const listed = await summaries(token);
      for (const t of listed.filter((t) => t.title === title)) await exchange(answered.deleteTemplate(token, t.id));
    },
    /** Saves a signature template; its id. */
    async signature(token: string, signature: SignatureInput): Promise<string> {
      const request = portal["signature-templates"].$post({ json: signature }, { headers: auth(token) });
      return (await answer(request, 201)).id;
    },
    /** Deletes signature template `id`; the status it answered (a test's to check, or tidying up). */
    async deleteSignature(token: string, id: string): Promise<number> {
      const request = portal["signature-templates"][":id"].$delete({ param: { id } }, { headers: auth(token) });
      return (await exchange(request)).status;
    },
    /** Sends a bid to clients as `token`; the bid's id (a second send with `bidId` replaces the first). */
    async sendBid(token: string, bid: BidInput): Promise<string> {
      return (await answer(portal.bids.$post({ json: bid }, { headers: auth(token) }), 201)).bidId;
    },
    /** What a client's link answers when opened (the first open records "viewed"); its status and body. */
    async openBidLink(secret: string): Promise<{ status: number; body: unknown }> {
      const { status, body } = await exchange(
        client.bids.open.$post({ json: { secret } }, { headers: from(randomVisitor()) }),
      );
      return { status, body };
    },
    /** The company's signature templates, as every staff member sees them. */
    companySignatures(token: string): Promise<SignatureSummary[]> {
      return answer(answered.companySignatureList(token), 200);
    },
  };
}

/** The set-up calls bound to one server. */
export type SeedApi = ReturnType<typeof seedApi>;
