/**
 * A Spanish signer from link to certificate, on the production build with the real API and e-mails: the link and
 * code e-mails in Spanish, the page, the disclosure and the code screen in Spanish (a wrong code refused there with
 * the tries left), the name and drawing kept through a trip back, the signature, and a sealed PDF whose certificate
 * is in Spanish; axe finds nothing in either language. Runs at 375 px (the phone project) and at desktop width.
 */
import type { ParsedMail } from "mailparser";
import { company } from "../src/config/company";
import { E_SIGN_DISCLOSURE_ES } from "../src/content/e-sign-es";
import { pdfText } from "../test/pdf";
import { startSmtp, type TestSmtp } from "../test/smtp";
import { expect, test, type Page } from "./fixtures";
import { axeViolations } from "./helpers/axe";
import { sampleBid, unique } from "./helpers/bids";
import { bidMail, drawSignature, padHasInk, pdfAttachment } from "./helpers/bid-signing";
import { apiToken } from "./helpers/portal";
import { randomVisitor, seedWith } from "./helpers/seed";

let smtp: TestSmtp;
test.beforeAll(async () => {
  smtp = await startSmtp();
});
test.afterAll(() => smtp.close());

/** The drawing pad's name on the Spanish page. */
const PAD = "Área para dibujar la firma";
const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const axeClean = async (page: Page, where: string) => expect(await axeViolations(page), `axe on ${where}`).toEqual([]);

/** The Spanish page's link in a link e-mail. */
function spanishLink(mail: ParsedMail): string {
  const path = /https:\/\/www\.example\.com(\/bid\/es#[A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/.exec(mail.text ?? "")?.[1];
  if (!path) throw new Error(`No Spanish bid link in: ${mail.text}`);
  return path;
}

/** The code a Spanish code e-mail carries. */
function spanishCode(mail: ParsedMail): string {
  const code = /Su código es (\d{6})\./.exec(mail.text ?? "")?.[1];
  if (!code) throw new Error(`No code in: ${mail.text}`);
  return code;
}

test(
  "a Spanish signer reads, confirms the code and signs in Spanish, and the certificate is in Spanish",
  {
    tag: "@phone",
  },
  async ({ page, request, hasTouch }) => {
    test.setTimeout(120_000);
    await page.setExtraHTTPHeaders({ "x-forwarded-for": randomVisitor() });
    const token = await apiToken(request);
    const signer = { name: "María José Muñoz Peña", email: `maria-${unique()}@example.com`, language: "es" as const };
    const project = `Casa Muñoz ${unique()}`;
    const bidId = await seedWith(request).sendBid(token, sampleBid(project, [signer]));

    // The link e-mail is in Spanish and opens the Spanish page.
    const linkMail = await bidMail(smtp, bidId, signer.email, "Propuesta de");
    expect(linkMail.subject).toBe(`Propuesta de ${company.name}: ${project}`);
    expect(linkMail.text).toContain(`Hola, ${signer.name}:`);
    await page.goto(spanishLink(linkMail));
    await expect(heading(page)).toHaveText(`Propuesta para ${project}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("link", { name: "English" })).toBeVisible();
    await expect(page.getByRole("article", { name: "Proposal document" }).getByText(/^Válida hasta el /)).toBeVisible();
    await axeClean(page, "the Spanish proposal");

    // The disclosure in Spanish, then the code screen.
    await page.getByRole("button", { name: "Aceptar y firmar" }).click();
    await expect(heading(page)).toHaveText("Acepte firmar electrónicamente");
    await expect(page.getByText(E_SIGN_DISCLOSURE_ES[1]!)).toBeVisible();
    await axeClean(page, "the Spanish disclosure");
    await page.getByLabel(/Leí el aviso de arriba/).check();
    const consented = page.waitForRequest((r) => r.url().endsWith("/api/bids/code"));
    await page.getByRole("button", { name: "Envíeme un código" }).click();
    expect(((await consented).postDataJSON() as { consentHash: string }).consentHash).toMatch(/^6d2adb53/);
    const codeField = page.getByRole("textbox", { name: "Código de 6 dígitos" });
    await expect(codeField).toBeFocused();
    const codeMail = await bidMail(smtp, bidId, signer.email, "Su código para firmar");
    const code = spanishCode(codeMail);

    // A wrong code is refused on the code screen, with the tries left; the signing screen stays closed.
    await codeField.fill(code === "000000" ? "000001" : "000000");
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page.getByText("Ese no es el código que enviamos. Le quedan 4 intentos.")).toBeVisible();
    await expect(page.getByLabel("Su nombre completo")).toBeHidden();
    await axeClean(page, "the Spanish code screen with its refusal");
    await codeField.fill(code);
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(heading(page)).toHaveText("Firme la propuesta");

    // Name and drawing survive a trip back to the proposal.
    await page.getByLabel("Su nombre completo").fill("María J. Muñoz");
    await drawSignature(page, hasTouch, PAD);
    expect(await padHasInk(page, PAD)).toBe(true);
    await axeClean(page, "the Spanish signing screen");
    await page.getByRole("button", { name: "Volver a la propuesta" }).last().click();
    await expect(heading(page)).toHaveText(`Propuesta para ${project}`);
    await page.getByRole("button", { name: "Aceptar y firmar" }).click();
    await expect(heading(page)).toHaveText("Firme la propuesta");
    await expect(page.getByLabel("Su nombre completo")).toHaveValue("María J. Muñoz");
    expect(await padHasInk(page, PAD), "the drawing is still there").toBe(true);
    await page.getByRole("button", { name: "Acepto esta propuesta y la firmo" }).click();
    await expect(heading(page)).toHaveText("Firmada");
    await axeClean(page, "the Spanish done screen");

    // The sealed copy comes in Spanish, and its certificate page is in Spanish with the English names beside.
    const sealed = await bidMail(smtp, bidId, signer.email, "Propuesta firmada");
    expect(sealed.text).toContain("Adjuntamos el PDF firmado.");
    const text = (await pdfText(pdfAttachment(sealed))).replace(/\s+/g, " ");
    expect(text).toContain("Certificado de firma (Certificate of completion)");
    expect(text).toContain("Nombre escrito (Typed name): María J. Muñoz");
  },
);

test("the switch opens the other language's page on the same bid; axe finds nothing in English either", async ({
  page,
  request,
}) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": randomVisitor() });
  const token = await apiToken(request);
  const signer = { name: "Ana Ruiz", email: `ana-${unique()}@example.com`, language: "es" as const };
  const project = `Switch ${unique()}`;
  const bidId = await seedWith(request).sendBid(token, sampleBid(project, [signer]));
  await page.goto(spanishLink(await bidMail(smtp, bidId, signer.email, "Propuesta de")));
  await expect(heading(page)).toHaveText(`Propuesta para ${project}`);
  await page.getByRole("link", { name: "English" }).click();
  await expect(heading(page)).toHaveText(`Proposal for ${project}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await axeClean(page, "the English page");
  await page.getByRole("link", { name: "Español" }).click();
  await expect(heading(page)).toHaveText(`Propuesta para ${project}`);
});
