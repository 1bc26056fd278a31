import { beforeAll, expect, it } from "vitest";
import type { $ZodType } from "zod/v4/core";
import { activityPageSchema } from "~/schemas/activity";
import { loginAnswerSchema } from "~/schemas/sign-in";
import { notificationSettingsSchema } from "~/schemas/notification-preferences";
import {
  proposalTemplateSummarySchema,
  templateVersionSchema,
  templateVersionSummarySchema,
  trashedTemplateSchema,
} from "~/schemas/proposal-template";
import { signatureTemplateSummarySchema } from "~/schemas/signature";
import { accountSchema } from "~/schemas/own-account";
import { invitationSchema, staffAccountSchema } from "~/schemas/staff-accounts";
import { sessionInfoSchema } from "~/schemas/sessions";
import { totpSetupSchema } from "~/schemas/authenticator";
import { z } from "~/schemas/zod";
import { bidDetailSchema, bidSummarySchema } from "~/schemas/bids";
import { portalSessionSchema } from "~/schemas/sessions";
import { leadDetailSchema, leadOwnerSchema, leadPageSchema, leadReportSchema } from "~/schemas/leads";
import { useBidPdf } from "~/server/bids/pdf-port";
import { bidToSend, fakeBidPdf } from "../../test/fixtures/sent-bid";
import { sampleElements, sampleFormData, sampleGlobalSettings } from "../../test/fixtures/signature";
import { call, confirmed, describeEachBackend, loginAs, randomIp } from "../../test/api";

const PASSWORD = "correct horse battery";

/**
 * The answers' schemas in src/schemas describe what the portal reads: each is checked here against what the API
 * really answers, so a schema cannot drift from its route.
 */
describeEachBackend("the API's answers match their schemas", (db) => {
  let admin = "";
  let templateId = "";
  beforeAll(async () => {
    await db.createStaff("schema-admin", PASSWORD);
    admin = await confirmed(await loginAs("schema-admin", PASSWORD), PASSWORD);
    const input = { title: "Schema check", templateContent: "v1", category: "residential" };
    const created = await call("POST", "/api/portal/templates", { token: admin, json: input });
    templateId = ((await created.json()) as { id: string }).id;
    await call("PUT", `/api/portal/templates/${templateId}`, {
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

  /** The JSON of a successful answer to `method path`. */
  const answer = async (method: string, path: string, json?: unknown) => {
    const res = await call(method, path, { token: admin, json });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return res.json();
  };
  const check = (schema: $ZodType, value: unknown) => expect(z.safeParse(schema, value).error).toBeUndefined();

  it("sign-in", async () => {
    const res = await call("POST", "/api/portal/login", {
      json: { username: "schema-admin", password: PASSWORD },
      ip: randomIp(),
    });
    check(loginAnswerSchema, await res.json());
  });

  it.each([
    ["account", "GET", "/api/portal/account", accountSchema],
    ["sessions", "GET", "/api/portal/account/sessions", z.array(sessionInfoSchema)],
    ["notification settings", "GET", "/api/portal/notification-preferences", notificationSettingsSchema],
    ["staff list", "GET", "/api/portal/staff", z.array(staffAccountSchema)],
    ["activity page", "GET", "/api/portal/activity", activityPageSchema],
    ["template summaries", "GET", "/api/portal/templates?view=summary", z.array(proposalTemplateSummarySchema)],
    [
      "signature summaries",
      "GET",
      "/api/portal/signature-templates?view=summary",
      z.array(signatureTemplateSummarySchema),
    ],
  ])("%s", async (_name, method, path, schema) => {
    const value = await answer(method, path);
    check(schema, value);
    if (Array.isArray(value)) expect(value.length).toBeGreaterThan(0);
  });

  it("the bid pipeline, one bid and the session", async () => {
    useBidPdf(fakeBidPdf());
    try {
      const sent = await answer("POST", "/api/portal/bids", bidToSend([{ name: "Jo", email: "jo@example.com" }]));
      const list = await answer("GET", "/api/portal/bids");
      check(z.array(bidSummarySchema), list);
      expect(list).toHaveLength(1);
      check(bidDetailSchema, await answer("GET", `/api/portal/bids/${(sent as { bidId: string }).bidId}`));
      check(portalSessionSchema, await answer("GET", "/api/portal/session"));
    } finally {
      useBidPdf(undefined);
    }
  });

  it("the leads: a page, one lead, the owners and the reports", async () => {
    await call("POST", "/api/contact", {
      json: { firstName: "Schema", email: "schema@example.com", message: "A lead", page: "/contact" },
      ip: randomIp(),
    });
    const page = (await answer("GET", "/api/portal/leads")) as { items: { id: string }[] };
    check(leadPageSchema, page);
    expect(page.items).toHaveLength(1);
    check(leadDetailSchema, await answer("GET", `/api/portal/leads/${page.items[0]!.id}`));
    check(z.array(leadOwnerSchema), await answer("GET", "/api/portal/leads/owners"));
    check(leadReportSchema, await answer("GET", "/api/portal/reports/leads"));
  });

  it("a template's versions and one version", async () => {
    const versions = await answer("GET", `/api/portal/templates/${templateId}/versions`);
    check(z.array(templateVersionSummarySchema), versions);
    expect(versions).toHaveLength(2);
    check(templateVersionSchema, await answer("GET", `/api/portal/templates/${templateId}/versions/1`));
  });

  it("an invitation", async () => {
    const json = { displayName: "Schema Person", username: "schema-person", role: "staff" };
    check(invitationSchema, await answer("POST", "/api/portal/staff", json));
  });

  it("an authenticator app's set-up", async () => {
    check(totpSetupSchema, await answer("POST", "/api/portal/account/totp"));
  });

  it("the Trash", async () => {
    await answer("DELETE", `/api/portal/templates/${templateId}`);
    const trash = await answer("GET", "/api/portal/template-trash");
    check(z.array(trashedTemplateSchema), trash);
    expect(trash).toHaveLength(1);
  });
});
