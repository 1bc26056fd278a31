/**
 * The API as the browser suite and the benches use it to set things up: sign-ins, accounts, templates,
 * messages. Every call goes through `call` below, the one place that knows how a request is sent; the paths are
 * the public API's (docs/requirements.md#api), written once here for the tests. The shapes are the API's JSON as
 * the tests send and read it, stated independently of the server's own types, so a change to the contract shows
 * up here as a failing run.
 */

/** Sends one request to the server under test (a path relative to it): fetch's shape, as Hono's client (hc) takes it. */
export type Send = (path: string, init: RequestInit) => Promise<Response>;

/** Requests to the server at `baseUrl`, through the global fetch. */
export const sendTo =
  (baseUrl: string): Send =>
  (path, init) =>
    fetch(new URL(path, baseUrl), init);

/** The public API paths the tests call, intercept (`page.route`) or wait for. */
export const API = {
  /** Every API path starts with it. */
  base: "/api",
  contact: "/api/contact",
  contactForm: "/api/contact/form",
  contacts: "/api/contacts",
  login: "/api/portal/login",
  secondFactor: "/api/portal/login/second-factor",
  logout: "/api/portal/logout",
  session: "/api/portal/session",
  confirm: "/api/portal/account/confirm",
  totp: "/api/portal/account/totp",
  totpConfirm: "/api/portal/account/totp/confirm",
  notificationPreferences: "/api/portal/notification-preferences",
  /** Where the link mailed to a new notification address is confirmed. */
  notificationAddressConfirm: "/api/portal/notification-address/confirm",
  staff: "/api/portal/staff",
  acceptInvitation: "/api/portal/invitation/accept",
  templates: "/api/portal/templates",
  templateSummaries: "/api/portal/templates?view=summary",
  exports: "/api/portal/exports",
  signatureTemplates: "/api/portal/signature-templates",
  companySignatureTemplates: "/api/company-signature-templates",
  /** Public: stored signature images and logos, `/<sha256>.png`. */
  signatureImages: "/api/signature-images",
} as const;

/** Queues a message's failed notification e-mails again (the inbox's Retry). */
export const notificationRetryPath = (contactId: string): string =>
  `${API.contacts}/${encodeURIComponent(contactId)}/notification-retry`;

/** A staff member's name and password. */
export interface Credentials {
  username: string;
  password: string;
}

/** A contact-form message (POST /api/contact). */
export interface ContactInput {
  firstName: string;
  lastName?: string;
  email: string;
  phone?: string;
  projectType?: string;
  message: string;
}

/** A proposal template as created (POST /api/portal/templates). */
export interface TemplateInput {
  title: string;
  description?: string | null;
  templateContent: string;
  /** The API files it under its default category when none is given. */
  category?: string;
}

/** A proposal template as the API returns one. */
export interface StoredTemplate extends TemplateInput {
  id: string;
}

/** A proposal template as the summary list names it. */
export interface TemplateSummary {
  id: string;
  title: string;
}

/** A signature template as created (POST /api/portal/signature-templates): its JSON fields as strings. */
export interface SignatureInput {
  name: string;
  description?: string | null;
  formData: string;
  elements: string;
  globalSettings: string;
  logoUrl?: string | null;
  htmlContent?: string | null;
  isCompanyTemplate: boolean;
}

/** A signature template as a list names it. */
export interface SignatureSummary {
  id: string;
  name: string;
  isCompanyTemplate: boolean;
}

/** Who gets notification e-mails and how often (PUT /api/portal/notification-preferences). */
export interface NotificationPreferences {
  email: string;
  notify: string;
}

/** A new person invited by an administrator (POST /api/portal/staff). */
export interface NewStaff {
  username: string;
  displayName: string;
  role: "admin" | "staff";
}

/** What an invitation answers: the link carries its token after `#`. */
export interface Invitation {
  link: string;
}

interface CallOptions {
  /** The signed-in staff member's token. */
  token?: string;
  /** A JSON body. */
  json?: unknown;
  headers?: Record<string, string>;
  /** The status the call must answer; any other fails it, naming what the server said. */
  status?: number;
}

/**
 * Sends `method path` and returns the answer's status and JSON (undefined for an empty body): the one request
 * function, which a typed client can replace.
 */
async function exchange<T>(
  send: Send,
  method: string,
  path: string,
  { token, json, headers }: CallOptions,
): Promise<{ status: number; headers: Headers; text: string; body: T }> {
  const response = await send(path, {
    method,
    headers: {
      ...(json === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: parseJson(text) as T };
}

/** The JSON of an answer; undefined for an empty or non-JSON one (a proxy's error page), which `call` then names. */
function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** `exchange`, failing when the answer is not `options.status` (when given); returns the JSON. */
async function call<T>(send: Send, method: string, path: string, options: CallOptions = {}): Promise<T> {
  const { status, text, body } = await exchange<T>(send, method, path, options);
  if (options.status !== undefined && status !== options.status)
    throw new Error(`${method} ${path} answered ${status}, not ${options.status}: ${text}`);
  return body;
}

/** The headers of a request from the client address `ip` (the API throttles some calls per address). */
const from = (ip: string | undefined): Record<string, string> => (ip ? { "x-forwarded-for": ip } : {});

/** A client address of the documentation range 198.51.100.0/24 (RFC 5737) no earlier call is likely to have used. */
export const randomVisitor = (): string => `198.51.100.${1 + Math.floor(Math.random() * 254)}`;

/** The set-up calls, sent through `send`. */
export function seedApi(send: Send) {
  return {
    /** Signs in with a password (a real scrypt) and returns the session token. */
    async login(user: Credentials, ip?: string): Promise<string> {
      const body = { ...user, rememberMe: false };
      return (await call<{ token: string }>(send, "POST", API.login, { json: body, headers: from(ip), status: 200 }))
        .token;
    },
    /** The first step of a sign-in whose account has a second factor: its ticket. */
    async loginTicket(user: Credentials): Promise<string> {
      return (await call<{ ticket: string }>(send, "POST", API.login, { json: user })).ticket;
    },
    /** The second step: the ticket and a code from the app (or a recovery code); the session token. */
    async secondFactor(ticket: string, code: string): Promise<string> {
      const json = { ticket, code };
      return (await call<{ token: string }>(send, "POST", API.secondFactor, { json, status: 200 })).token;
    },
    /** Confirms the session of `token` (sudo mode) with the password, and the code when it has an app; the token. */
    async confirm(token: string, password: string, code?: string): Promise<string> {
      await call(send, "POST", API.confirm, { token, json: { password, code }, status: 200 });
      return token;
    },
    /** An administrator invites a person; their invitation. */
    invite(admin: string, person: NewStaff): Promise<Invitation> {
      return call<Invitation>(send, "POST", API.staff, { token: admin, json: person, status: 201 });
    },
    /** Accepts `invitation` with `password`; the new member's session token. */
    async accept(invitation: Invitation, password: string): Promise<string> {
      const json = { token: invitation.link.split("#")[1], password };
      return (await call<{ token: string }>(send, "POST", API.acceptInvitation, { json, status: 200 })).token;
    },
    /** Starts an authenticator-app set-up for a confirmed session: the app's secret (base32). */
    async totpSecret(token: string): Promise<string> {
      return (await call<{ secret: string }>(send, "POST", API.totp, { token })).secret;
    },
    /** Finishes the set-up with a code from the app; the ten recovery codes. */
    async totpConfirm(token: string, code: string): Promise<string[]> {
      const json = { code };
      return (await call<{ recoveryCodes: string[] }>(send, "POST", API.totpConfirm, { token, json, status: 200 }))
        .recoveryCodes;
    },
    /** Sets the signed-in member's notification e-mails (a new address needs a confirmed session). */
    async notifications(token: string, preferences: NotificationPreferences): Promise<void> {
      await call(send, "PUT", API.notificationPreferences, { token, json: preferences, status: 200 });
    },
    /** The signed-in member's notification settings, as the API answers them (the answer is the test's to check). */
    notificationSettings(token: string): Promise<unknown> {
      return call(send, "GET", API.notificationPreferences, { token });
    },
    /** Opens the link mailed to a new notification address (its `#` part); what the API answers. */
    confirmAddress(linkToken: string): Promise<unknown> {
      return call(send, "POST", API.notificationAddressConfirm, { json: { token: linkToken } });
    },
    /** Sends a contact-form message from the client address `ip`. */
    async contact(message: ContactInput, ip = randomVisitor()): Promise<void> {
      await call(send, "POST", API.contact, { json: message, headers: from(ip), status: 201 });
    },
    /** Creates a proposal template; its id. */
    async template(token: string, template: TemplateInput): Promise<string> {
      return (await call<{ id: string }>(send, "POST", API.templates, { token, json: template, status: 201 })).id;
    },
    /** Tries to create a proposal template; the status it answered (bulk seeding that runs into the hourly save limit). */
    async tryTemplate(token: string, template: TemplateInput): Promise<number> {
      return (await exchange(send, "POST", API.templates, { token, json: template })).status;
    },
    /** One proposal template and its ETag, which names its version. */
    async readTemplate(token: string, id: string): Promise<{ etag: string | null; template: StoredTemplate }> {
      const { headers, body } = await exchange<StoredTemplate>(send, "GET", `${API.templates}/${id}`, { token });
      return { etag: headers.get("etag"), template: body };
    },
    /** Saves a new version of template `id` over `version` (sent as If-Match). */
    async updateTemplate(token: string, id: string, version: number, template: TemplateInput): Promise<void> {
      const headers = { "if-match": `"v${version}"` };
      await call(send, "PUT", `${API.templates}/${id}`, { token, json: template, headers, status: 200 });
    },
    /** The proposal templates' summary list. */
    templates(token: string): Promise<TemplateSummary[]> {
      return call<TemplateSummary[]>(send, "GET", API.templateSummaries, { token, status: 200 });
    },
    /** Deletes the proposal templates titled `title` (tidying up after a test: a missing one is no failure). */
    async deleteTemplates(token: string, title: string): Promise<void> {
      const listed = await call<TemplateSummary[]>(send, "GET", API.templateSummaries, { token });
      for (const t of listed.filter((t) => t.title === title))
        await call(send, "DELETE", `${API.templates}/${t.id}`, { token });
    },
    /** Saves a signature template; its id. */
    async signature(token: string, signature: SignatureInput): Promise<string> {
      const options = { token, json: signature, status: 201 };
      return (await call<{ id: string }>(send, "POST", API.signatureTemplates, options)).id;
    },
    /** Deletes signature template `id`; the status it answered (a test's to check, or tidying up). */
    async deleteSignature(token: string, id: string): Promise<number> {
      return (await exchange(send, "DELETE", `${API.signatureTemplates}/${id}`, { token })).status;
    },
    /** The company's signature templates, as every staff member sees them. */
    companySignatures(token: string): Promise<SignatureSummary[]> {
      return call<SignatureSummary[]>(send, "GET", API.companySignatureTemplates, { token, status: 200 });
    },
  };
}

/** The set-up calls bound to one server. */
export type SeedApi = ReturnType<typeof seedApi>;
