/** The Professional Proposal Editor's toast texts. */
import type { ToastMessage } from "~/lib/toast";

export const proposalMessages = {
  signatureTemplateNotFound: { title: "Template not found", variant: "destructive" },
  logoFromSignatureUrl: { title: "Logo updated!", description: "Signature selected as company logo" },
  logoUpdated: { title: "Logo updated!" },
  logoDefault: { title: "Logo updated!", description: "Using default company logo" },
  logoFallback: { title: "Using default logo", description: "Applied default company logo" },
  proposalSaved: { title: "Template saved!", description: "Your proposal template has been saved successfully" },
  proposalSaveFailed: { title: "Save failed", description: "Unable to save template", variant: "destructive" },
  proposalLoadFailed: { title: "Load failed", description: "Unable to load template", variant: "destructive" },
  // The logo upload takes only a raster image, and says why it refused a file.
  proposalLogoNotImage: {
    title: "Not an image",
    description: "Choose a PNG, JPEG, GIF or WebP file for the logo.",
    variant: "destructive",
  },
  proposalLogoSvg: {
    title: "SVG logos are not accepted",
    description: "SVG files can carry scripts: export the logo as PNG or JPEG and upload that.",
    variant: "destructive",
  },
  proposalLogoUnreadable: {
    title: "Logo not used",
    description: "The image could not be read. Try another file.",
    variant: "destructive",
  },
  leadFailed: { title: "Lead not loaded", description: "The proposal starts empty.", variant: "destructive" },
  proposalSendFailed: {
    title: "Proposal not sent",
    description: "Nothing was sent to the client. Please try again.",
    variant: "destructive",
  },
} as const satisfies Record<string, ToastMessage>;

/** The send went out: who gets the links. */
/** The editor was filled from a lead ("Start a proposal"). */
export const leadFilled = (name: string): ToastMessage => ({
  title: `Proposal for ${name}`,
  description: "The project and the first signer come from the lead.",
});

export const proposalSent = (names: string): ToastMessage => ({
  title: `Proposal sent to ${names}`,
  description: "Each signer gets their own link by e-mail.",
});

/** 'Template loaded!' for a proposal template, by title. */
export const proposalLoaded = (title: string): ToastMessage => ({
  title: "Template loaded!",
  description: `Loaded "${title}" template`,
});
