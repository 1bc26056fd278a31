import { createHash } from "node:crypto";
import { strFromU8, unzipSync } from "fflate";
import { beforeAll, expect, it } from "vitest";
import type { TemplateRestore } from "~/schemas/proposal-template";
import { SIGNATURE_IMAGE_SIZE } from "~/server/signatures/images";
import { sampleElements, sampleFormData, sampleGlobalSettings } from "../../../test/fixtures/signature";
import { png } from "../../../test/fixtures/png";
import { answer, call, callUnchecked, confirmed, describeEachBackend, loginAs, randomIp } from "../../../test/api";

describeEachBackend("company export and restore", (db) => {
  let token = "";
  beforeAll(async () => {
    await db.createStaff("admin", "correct horse battery");
    // Confirmed (sudo mode), which the export needs.
    token = await confirmed(await loginAs("admin", "correct horse battery"), "correct horse battery");
  });

  it("downloads every template with its versions, signature templates, images and messages as one ZIP, and restores a template from it", async () => {
    const created = await call("POST", "/api/portal/templates", {
      token,
      json: { title: "Export me", templateContent: "v1", category: "commercial" },
    });
    const { id } = await answer(created, 201);
    await call("PUT", "/api/portal/templates/:id", {
      param: { id },
      token,
      json: { title: "Export me", templateContent: "v2", category: "commercial" },
    });
    // A template's logo is stored once among the images; the ZIP holds it under its own type.
    const logo = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");
    const logoSha = createHash("sha256").update(logo).digest("hex");
    await call("POST", "/api/portal/signature-templates", {
      token,
      json: {
        name: "Card",
        formData: JSON.stringify(sampleFormData),
        elements: JSON.stringify(sampleElements),
        globalSettings: JSON.stringify(sampleGlobalSettings),
        logoUrl: `data:image/gif;base64,${logo.toString("base64")}`,
      },
    });
    const image = png(SIGNATURE_IMAGE_SIZE.width, SIGNATURE_IMAGE_SIZE.height, 42);
    const uploaded = await call("POST", "/api/portal/signature-images", {
      token,
      json: { png: `data:image/png;base64,${image.toString("base64")}` },
    });
    const sha = /([0-9a-f]{64})\.png$/.exec((await answer(uploaded, 201)).url)![1]!;
    await call("POST", "/api/contact", {
      json: { firstName: "Dana", email: "dana@example.com", message: "Quote please" },
      ip: randomIp(),
    });

    const res = await call("GET", "/api/portal/export", { token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="anchor-line-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const read = (name: string) => JSON.parse(strFromU8(files[name]!)) as Record<string, unknown>;
    expect(read("manifest.json")).toMatchObject({ format: 1, exportedBy: "admin", counts: { proposalTemplates: 1 } });
    const file = read(`proposal-templates/${id}.json`) as {
      template: TemplateRestore["template"] & { version: number };
      versions: { version: number; templateContent: string }[];
    };
    expect(file.template).toMatchObject({ templateContent: "v2", version: 2 });
    expect(file.versions).toMatchObject([{ version: 1, templateContent: "v1" }]);
    expect(read("signature-templates.json")).toMatchObject([
      { name: "Card", owner: "admin", logoUrl: `/api/signature-images/${logoSha}.gif` },
    ]);
    expect(Buffer.from(files[`images/${logoSha}.gif`]!).equals(logo)).toBe(true);
    expect(read("contact-messages.json")).toMatchObject([{ firstName: "Dana", spamReason: null }]);
    expect(Buffer.from(files[`images/${sha}.png`]!).equals(image)).toBe(true);

    // Gone for good, then restored from the file under its id.
    await call("DELETE", "/api/portal/templates/:id", { param: { id }, token });
    expect((await call("DELETE", "/api/portal/template-trash/:id", { param: { id }, token })).status).toBe(200);
    const restore = () => call("POST", "/api/portal/template-restore", { token, json: { template: file.template } });
    expect(await answer(await restore(), 201)).toEqual({ id, outcome: "created" });
    expect(await (await call("GET", "/api/portal/templates/:id", { param: { id }, token })).json()).toMatchObject({
      title: "Export me",
      templateContent: "v2",
    });
    // Restoring over a live template is a new version of it.
    await call("PUT", "/api/portal/templates/:id", {
      param: { id },
      token,
      json: { title: "Export me", templateContent: "changed", category: "commercial" },
    });
    expect(await answer(await restore(), 200)).toEqual({ id, outcome: "new-version" });
    const now = await call("GET", "/api/portal/templates/:id", { param: { id }, token });
    expect((await answer(now, 200)).templateContent).toBe("v2");
    expect(
      (await callUnchecked("POST", "/api/portal/template-restore", { token, json: { template: {} } })).status,
    ).toBe(400);
    expect((await call("GET", "/api/portal/export")).status).toBe(401);
  });
});
