/** The Email Signature Generator's toast texts. */
import type { ToastMessage } from "~/lib/toast";

export const signatureMessages = {
  signatureSaveFailed: { title: "Save failed", description: "Unable to save template", variant: "destructive" },
  signatureLoadFailed: { title: "Load failed", description: "Unable to load template", variant: "destructive" },
  signatureDefaultFailed: {
    title: "Failed to set default",
    description: "Unable to set template as default",
    variant: "destructive",
  },
  logoNotHtml: { title: "Error", description: "Please upload an HTML file", variant: "destructive" },
  logoBadHtml: { title: "Error", description: "Invalid HTML logo format", variant: "destructive" },
  signatureSaved: { title: "Template saved!", description: "Your signature template has been saved successfully" },
  copiedWithBackground: { title: "Copied to clipboard!", description: "HTML signature copied with background" },
  copiedWithoutBackground: { title: "Copied to clipboard!", description: "HTML signature copied without background" },
  downloaded: { title: "Downloaded!", description: "HTML signature with logo saved" },
  logoUploaded: { title: "Logo uploaded!", description: "Custom HTML logo applied" },
  // The Gmail/Outlook image export and deleting a template.
  copiedForEmailClients: { title: "Copied to clipboard!", description: "Image signature for Gmail and Outlook copied" },
  emailExportFailed: {
    title: "Export failed",
    description: "The signature image could not be created. Please try again",
    variant: "destructive",
  },
  signatureDeleteFailed: { title: "Delete failed", description: "Unable to delete template", variant: "destructive" },
} as const satisfies Record<string, ToastMessage>;

/** 'Template loaded!' with the signature template's name. */
export const signatureLoaded = (name: string): ToastMessage => ({ title: "Template loaded!", description: name });

/** A deleted signature template, by name. */
export const signatureDeleted = (name: string): ToastMessage => ({
  title: "Template deleted",
  description: `${name} was deleted`,
});

/** 'Default set!' naming the template. */
export const signatureDefaultSet = (name: string): ToastMessage => ({
  title: "Default set!",
  description: `${name} is now the default template for new signatures`,
});
