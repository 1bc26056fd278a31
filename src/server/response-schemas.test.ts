import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "~/schemas/zod";
import { describeAppRoutes } from "~/server/app";
import { watchAnswers, type RouteContract } from "~/server/contract";
import { useBidPdf } from "~/server/bids/pdf-port";
import { bidToSend, fakeBidPdf } from "../../test/fixtures/sent-bid";
import { sampleElements, sampleFormData, sampleGlobalSettings } from "../../test/fixtures/signature";
import {
  answer,
  call,
  callUnchecked,
  confirmed,
  describeEachBackend,
  loginAs,
  randomIp,
  type JsonOf,
} from "../../test/api";

const PASSWORD = "correct horse battery";

/** Every route the app answers, with its contract (`contract()` where the route is defined). */
const ROUTES = describeAppRoutes();

/** The query a screen reads a list with: the light lists. */
const SCREEN_QUERIES: Record<string, string> = {
  "/api/portal/templates": "?view=summary",
  "/api/portal/signature-templates": "?view=summary",
};

/** Lists the set-up below fills, so their answers are checked with an entry in them. */
const FILLED = ["/api/portal/account/sessions", "/api/portal/staff", ...Object.keys(SCREEN_QUERIES)];

/** Every JSON read without an id: each is called below, as its screen calls it. */
const READS = ROUTES.filter(
  (r) => r.method === "GET" && !r.path.includes(":") && typeof r.contract?.answer !== "string",
);

it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r.contract] as const))("%s declares its contract", (_, c) => {
  expect(c?.does).toMatch(/\S/);
  expect(c?.answer).toBeDefined();
});

/**
 * The answers' schemas in src/schemas describe what the portal reads: every successful JSON answer the calls below
 * get is checked against the schema its route declares, so a schema cannot drift from its route.
 */
describeEachBackend("the API's answers match their schemas", (db) => {
  /** Each route answered successfully, with the checks its answers failed ("" when they passed). */
  const answered = new Map<string, string[]>();
  const pending: Promise<void>[] = [];
  let stop = () => {};
  beforeAll(() => {
    stop = watchAnswers(({ method, path, contract, response }) => {
      if (!response.ok) return;
      const route = `${method} ${path}`;
      const failures = answered.get(route) ?? [];
      answered.set(route, failures);
      pending.push(checkAnswer(contract, response.clone()).then((failure) => void (failure && failures.push(failure))));
    });
  });
  afterAll(() => stop());

  /** What is wrong with a successful answer, measured against its contract; undefined when nothing is. */
  async function checkAnswer(contract: RouteContract, response: Response): Promise<string | undefined> {
    if (response.status !== (contract.status ?? 200)) return `status ${response.status}`;
    if (typeof contract.answer === "string") return undefined;
    const result = z.safeParse(contract.answer, await response.json());
    return result.error ? JSON.stringify(result.error.issues) : undefined;
  }

  let admin = "";
  let templateId = "";
  beforeAll(async () => {
    await db.createStaff("schema-admin", PASSWORD);
    admin = await confirmed(await loginAs("schema-admin", PASSWORD), PASSWORD);
    const input: JsonOf<"POST", "/api/portal/templates"> = {
      title: "Schema check",
      templateContent: "v1",
      category: "residential",
    };
    const created = await call("POST", "/api/portal/templates", { token: admin, json: input });
    templateId = (await answer(created, 201)).id;
    await call("PUT", "/api/portal/templates/:id", {
      param: { id: templateId },
      token: admin,
      json: { ...input, templateContent: "v2" },
    });
    const signature = {
      name: "Card",
      formData: JSON.stringify(sampleFormData),
      elements: JSON.stringify(sampleElements),
      globalSettings: JSON.stringify(sampleGlobalSettings),
    };
    await call("POST", "/api/portal/signature-templates", { token: admin, json: signature });
  });

  /** The JSON of a successful answer to `method path`, checked against its route's declared schema. */
  const checkedAnswer = async (method: string, path: string, json?: unknown) => {
    const res = await callUnchecked(method, path, { token: admin, json });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    const value = await res.json();
    await checked();
    return value;
  };
  /** Every answer so far matched its route's schema. */
  async function checked() {
    await Promise.all(pending.splice(0));
    for (const [route, failures] of answered) expect(failures, route).toEqual([]);
  }

  it("sign-in", async () => {
    const res = await call("POST", "/api/portal/login", {
      json: { username: "schema-admin", password: PASSWORD },
      ip: randomIp(),
    });
    expect(res.status).toBe(200);
    await checked();
    expect(answered.has("POST /api/portal/login")).toBe(true);
  });

  // Every read a screen makes without an id, as the screen makes it.
  it.each(READS.map((r) => [r.path] as const))("GET %s", async (path) => {
    const value = await checkedAnswer("GET", path + (SCREEN_QUERIES[path] ?? ""));
    if (FILLED.includes(path)) expect(value.length).toBeGreaterThan(0);
  });

  it("the bid pipeline, one bid and the session", async () => {
    useBidPdf(fakeBidPdf());
    try {
      const sent = await checkedAnswer(
        "POST",
        "/api/portal/bids",
        bidToSend([{ name: "Jo", email: "jo@example.com" }]),
      );
      const list = await checkedAnswer("GET", "/api/portal/bids");
      expect(list).toHaveLength(1);
      await checkedAnswer("GET", `/api/portal/bids/${(sent as { bidId: string }).bidId}`);
      await checkedAnswer("GET", "/api/portal/session");
    } finally {
      useBidPdf(undefined);
    }
  });

  it("the leads: a page, one lead, the owners and the reports", async () => {
    await call("POST", "/api/contact", {
      json: { firstName: "Schema", email: "schema@example.com", message: "A lead", page: "/contact" },
      ip: randomIp(),
    });
    const page = (await checkedAnswer("GET", "/api/portal/leads")) as { items: { id: string }[] };
    expect(page.items).toHaveLength(1);
    await checkedAnswer("GET", `/api/portal/leads/${page.items[0]!.id}`);
    await checkedAnswer("GET", "/api/portal/leads/owners");
    await checkedAnswer("GET", "/api/portal/reports/leads");
  });

  it("a template's versions and one version", async () => {
    const versions = await checkedAnswer("GET", `/api/portal/templates/${templateId}/versions`);
    expect(versions).toHaveLength(2);
    await checkedAnswer("GET", `/api/portal/templates/${templateId}/versions/1`);
  });

  it("an invitation", async () => {
    const json = { displayName: "Schema Person", username: "schema-person", role: "staff" };
    await checkedAnswer("POST", "/api/portal/staff", json);
  });

  it("an authenticator app's set-up", async () => {
    await checkedAnswer("POST", "/api/portal/account/totp");
  });

  it("the Trash", async () => {
    await checkedAnswer("DELETE", `/api/portal/templates/${templateId}`);
    const trash = await checkedAnswer("GET", "/api/portal/template-trash");
    expect(trash).toHaveLength(1);
  });

  it("every read without an id was answered and checked against its route's schema", async () => {
    await checked();
    for (const { path } of READS) expect([...answered.keys()]).toContain(`GET ${path}`);
  });
});
