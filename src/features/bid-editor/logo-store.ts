/**
 * The proposal's company logo: an uploaded image, a signature template chosen in the dropdown
 * (following the plan `planSignatureLogo` makes, loaded when one is chosen, with a toast for each
 * outcome), or the default.
 */
import { atom, computed } from "nanostores";
import type { ToastMessage } from "~/lib/toast";
import { proposalMessages } from "~/features/bid-editor/messages";
import { DEFAULT_LOGO, LOGO_UPLOAD } from "./constants";
import { SIGNATURE_TIMING } from "~/features/signature/constants";
import { createFetcherStore } from "~/portal/query";
import { toast } from "~/lib/toast";
import type { LogoPlan } from "./logo-plan";
import { orderedSignatures, signatureGroups, type SignatureTemplateRow } from "./logo-source";
import { fitLogo } from "./proposal";
import { $settings, setSetting } from "./store";
import { api, read } from "~/lib/api-client";
import { COMPANY_LIST_KEY, loadCompanyList, loadPersonalList, PERSONAL_LIST_KEY } from "~/features/signature/list-keys";

// The light lists name the templates; the one chosen is fetched whole (its logo or HTML) when it is drawn.
const $companySignatures = createFetcherStore<SignatureTemplateRow[]>([COMPANY_LIST_KEY], { fetcher: loadCompanyList });
const $personalSignatures = createFetcherStore<SignatureTemplateRow[]>([PERSONAL_LIST_KEY], {
  fetcher: loadPersonalList,
});

/** Both lists in dropdown order, whether either is still loading, and whether either failed. */
export const $signatures = computed([$companySignatures, $personalSignatures], (company, personal) => ({
  groups: signatureGroups(company.data ?? [], personal.data ?? []),
  all: orderedSignatures(company.data ?? [], personal.data ?? []),
  loading: [company, personal].some((list) => list.loading || (!list.data && !list.error)),
  failed: Boolean(company.error || personal.error),
}));

/** The template chosen in the dropdown; "" while none is. */
export const $selectedSignature = atom("");
/** True while a chosen template is being drawn into a logo. */
export const $logoBusy = atom(false);

/** Each logo change gets a number, so a slow signature render never overwrites a later change. */
let latestChange = 0;

/** Another source replaced the logo: forget the dropdown's choice and drop any render still running. */
function newLogoChange(): number {
  $selectedSignature.set("");
  $logoBusy.set(false);
  return ++latestChange;
}

/** Draws the logo a plan asks for, with its toast; throws on any failure. */
async function logoFor(
  plan: Exclude<LogoPlan, { kind: "not-found" }>,
): Promise<{ src: string; message: ToastMessage }> {
  switch (plan.kind) {
    case "url":
      return { src: plan.url, message: proposalMessages.logoFromSignatureUrl };
    case "signature": {
      // The card renderer loads when a positioned signature is first drawn, as html-card does for HTML.
      const { renderSignaturePng } = await import("~/features/signature/render-png");
      return {
        src: await renderSignaturePng(plan.elements, plan.globalSettings, plan.formData),
        message: proposalMessages.logoUpdated,
      };
    }
    case "html": {
      const { renderHtmlCardPng } = await import("./html-card");
      return { src: await renderHtmlCardPng(plan.html), message: proposalMessages.logoUpdated };
    }
    case "default":
      return { src: DEFAULT_LOGO, message: proposalMessages.logoDefault };
    case "error":
      throw new Error(plan.error);
  }
}

/**
 * Uses signature template `id` as the company logo: the template is fetched whole, and the first source of
 * its plan that applies is drawn. A template the lists do not name is "Template not found"; one that cannot
 * be fetched falls back to the default logo like any other failure.
 */
export async function chooseSignatureLogo(id: string, { user = true }: { user?: boolean } = {}): Promise<void> {
  const { planSignatureLogo } = await import("./logo-plan");
  if (!$signatures.get().all.some((t) => t.id === id)) {
    toast(proposalMessages.signatureTemplateNotFound);
    return;
  }
  const change = newLogoChange();
  $selectedSignature.set(id);
  $logoBusy.set(true);
  try {
    const template: SignatureTemplateRow = await read(api.portal["signature-templates"][":id"].$get({ param: { id } }));
    const plan = planSignatureLogo([template], id);
    if (plan.kind === "not-found") throw new Error(`Signature template ${id} was not returned`);
    const { src, message } = await logoFor(plan);
    if (change !== latestChange) return;
    setSetting("logoFile", src, { user });
    toast(message);
  } catch (error) {
    if (change !== latestChange) return;
    console.error("Signature logo failed, using the default logo:", error);
    setSetting("logoFile", DEFAULT_LOGO, { user });
    toast(proposalMessages.logoFallback);
  } finally {
    if (change === latestChange) $logoBusy.set(false);
  }
}

/** Decodes an image file, or rejects when the browser cannot read it as one. */
async function decode(file: File): Promise<ImageBitmap> {
  return createImageBitmap(file);
}

/** The image drawn at `width` x `height`, re-encoded (WebP where the browser writes it, else PNG). */
function encode(image: ImageBitmap, width: number, height: number): string {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("Canvas 2D is not available");
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(image, 0, 0, width, height);
  return canvas.toDataURL("image/webp", LOGO_UPLOAD.quality);
}

/**
 * An uploaded logo as a small data URL: at most 1200 px wide, re-encoded,
 * and shrunk further until it fits the budget, so a saved proposal with a logo stays under 300 KB.
 */
async function shrinkLogo(file: File): Promise<string> {
  const image = await decode(file);
  try {
    let { width, height } = fitLogo(image.width, image.height, LOGO_UPLOAD.maxWidthPx);
    let dataUrl = encode(image, width, height);
    while (dataUrl.length > LOGO_UPLOAD.maxDataUrlChars && width > 16) {
      ({ width, height } = fitLogo(width, height, Math.floor(width * LOGO_UPLOAD.shrinkFactor)));
      dataUrl = encode(image, width, height);
    }
    return dataUrl;
  } finally {
    image.close();
  }
}

/**
 * Uses an uploaded image as the logo. Anything but an image is refused, and so is SVG,
 * which can carry script; the image is scaled down before it is kept.
 */
export async function uploadLogo(file: File): Promise<void> {
  if ((LOGO_UPLOAD.refusedTypes as readonly string[]).includes(file.type) || /\.svgz?$/i.test(file.name)) {
    toast(proposalMessages.proposalLogoSvg);
    return;
  }
  if (!file.type.startsWith("image/")) {
    toast(proposalMessages.proposalLogoNotImage);
    return;
  }
  const change = newLogoChange();
  try {
    const dataUrl = await shrinkLogo(file);
    if (change === latestChange) setSetting("logoFile", dataUrl);
  } catch (error) {
    console.error(`Logo upload failed: ${file.name} could not be read as an image.`, error);
    toast(proposalMessages.proposalLogoUnreadable);
  }
}

/** Puts the default company logo back. */
export function resetLogo(): void {
  newLogoChange();
  setSetting("logoFile", DEFAULT_LOGO);
}

/** A loaded template brought its own logo: the dropdown no longer describes it. */
export function logoReplacedByTemplate(): void {
  newLogoChange();
}

/** The logo image could not be loaded (a dead URL, a broken file): show the default one instead. */
export function logoFailedToLoad(): void {
  if ($settings.get().logoFile !== DEFAULT_LOGO) setSetting("logoFile", DEFAULT_LOGO, { user: false });
}

/**
 * Loads both lists and, the first time they arrive with nothing chosen, picks the first template and
 * applies it after SIGNATURE_TIMING.autoSelectDelayMs (not as an edit of the user's). Returns the stop function.
 */
export function watchSignatures(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settled = false;
  const unsubscribe = $signatures.subscribe(({ loading, all }) => {
    if (settled || loading) return;
    settled = true;
    const first = all[0];
    if (!first || $selectedSignature.get()) return;
    // There is a template to apply: fetch what reads it while the half second runs.
    void import("./logo-plan");
    $selectedSignature.set(first.id);
    timer = setTimeout(() => {
      if ($selectedSignature.get() === first.id) void chooseSignatureLogo(first.id, { user: false });
    }, SIGNATURE_TIMING.autoSelectDelayMs);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
