/**
 * The preview's export buttons: copy the positioned HTML, download it, and copy
 * the image signature for Gmail and Outlook (render the card, store it, copy a table holding it).
 */
import { atom } from "nanostores";
import { portalMessages } from "~/portal/messages";
import { signatureMessages } from "~/features/signature/messages";
import { EXPORT_FILE_NAME, SIGNATURE_BACKGROUND_PATH } from "./constants";
import { api, read } from "~/lib/api-client";
import { toast } from "~/lib/toast";
import { emailClientHtml, exportSizes, signatureDocument, signatureHtml, type ExportSize } from "./export-html";
import { $customLogoStyle, $elements, $formData, $globalSettings } from "./store";
import { quotaOr } from "~/portal/quota";

/** An object URL must outlive the click that starts its download; a few seconds is plenty. */
const REVOKE_AFTER_MS = 10_000;

/** `path` on the configured site (SITE_URL), which is where mail clients fetch images from. */
function siteUrl(path: string): string {
  return new URL(path, import.meta.env.SITE || window.location.origin).href;
}

/** The current signature as positioned HTML, with or without the background. */
export function currentSignatureHtml(background: boolean): string {
  return signatureHtml({
    elements: $elements.get(),
    globalSettings: $globalSettings.get(),
    customLogoStyle: $customLogoStyle.get(),
    backgroundUrl: background ? siteUrl(SIGNATURE_BACKGROUND_PATH) : null,
  });
}

/**
 * Rich HTML plus its source as plain text (to paste into a signature's HTML box). The text may still
 * be on its way: the clipboard is claimed during the click, and filled when the promise resolves.
 */
async function writeClipboard(html: string | Promise<string>): Promise<void> {
  if (typeof ClipboardItem !== "undefined" && navigator.clipboard?.write) {
    const as = (type: string) => Promise.resolve(html).then((text) => new Blob([text], { type }));
    await navigator.clipboard.write([
      new ClipboardItem({ "text/html": as("text/html"), "text/plain": as("text/plain") }),
    ]);
  } else {
    await navigator.clipboard.writeText(await html);
  }
}

/** Copy HTML (With Logo) or (No Background). */
export async function copySignature(background: boolean): Promise<void> {
  try {
    await writeClipboard(currentSignatureHtml(background));
    toast(background ? signatureMessages.copiedWithBackground : signatureMessages.copiedWithoutBackground);
  } catch (error) {
    console.error("Copying the signature failed", error);
    toast(portalMessages.copyFailed);
  }
}

/** Download HTML with Logo: a whole HTML file around the with-background card. */
export function downloadSignature(): void {
  const url = URL.createObjectURL(new Blob([signatureDocument(currentSignatureHtml(true))], { type: "text/html" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = EXPORT_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  toast(signatureMessages.downloaded);
}

/** The Gmail/Outlook export dialog: what was copied, and how long each export is. */
export type EmailExport =
  | { status: "working" }
  | { status: "done"; imagePath: string; sizes: ExportSize[] }
  | { status: "failed"; sizes: ExportSize[] };
export const $emailExport = atom<EmailExport>({ status: "working" });
export const $emailExportOpen = atom(false);

/** The character count of every export, for the dialog. */
function currentSizes(emailHtml?: string): ExportSize[] {
  const withLogo = currentSignatureHtml(true);
  return exportSizes({
    "Copy HTML (With Logo)": withLogo,
    "Copy HTML (No Background)": currentSignatureHtml(false),
    "Download HTML with Logo": signatureDocument(withLogo),
    ...(emailHtml && { "Copy for Gmail/Outlook": emailHtml }),
  });
}

/** Renders the composed card at 2x, stores it, and returns the image's path on this site. */
async function storeCardImage(): Promise<string> {
  const { renderSignaturePng } = await import("./render-png");
  const logoStyle = $customLogoStyle.get();
  // Only an uploaded logo has a style, and its upload already fetched the logo code.
  const logo = logoStyle ? (await import("./logo")).logoImageOf(logoStyle) : null;
  const png = await renderSignaturePng($elements.get(), $globalSettings.get(), undefined, { logo });
  const { url } = await read(api.portal["signature-images"].$post({ json: { png } }));
  return url;
}

/** Copy for Gmail/Outlook: the image table on the clipboard, and the dialog with every export's size. */
export async function copyForEmailClients(): Promise<void> {
  $emailExport.set({ status: "working" });
  $emailExportOpen.set(true);
  const formData = $formData.get();
  const image = storeCardImage();
  const html = image.then((path) => emailClientHtml(siteUrl(path), formData));
  try {
    await writeClipboard(html);
    $emailExport.set({ status: "done", imagePath: await image, sizes: currentSizes(await html) });
    toast(signatureMessages.copiedForEmailClients);
  } catch (error) {
    console.error("The Gmail/Outlook export failed", error);
    $emailExport.set({ status: "failed", sizes: currentSizes() });
    // Past the hourly uploads or the stored-images quota, the toast says which.
    toast(quotaOr(error, signatureMessages.emailExportFailed));
  }
}
