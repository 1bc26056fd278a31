/** The proposal templates screen's toasts: the list and form, then what keeps work (versions, Trash, export). */
import type { ToastMessage } from "~/lib/toast";

export const templateMessages = {
  saveFailed: { title: "Error saving template", description: "Please try again", variant: "destructive" },
  updated: { title: "Template saved successfully", description: "Template updated" },
  created: { title: "Template saved successfully", description: "New template created" },
  deleted: { title: "Template deleted successfully" },
  deleteFailed: { title: "Error deleting template", description: "Please try again", variant: "destructive" },
  openFailed: { title: "Could not open the template", description: "Please try again", variant: "destructive" },
} as const satisfies Record<string, ToastMessage>;

/** What keeps staff work: versions, the Trash and the per-account quotas. */
export const keepMessages = {
  copySaved: { title: "Template saved successfully", description: "Your version was saved as a copy" },
  overwritten: {
    title: "Template saved successfully",
    description: "Your version replaced theirs; theirs is in the history",
  },
  versionRestored: {
    title: "Version restored",
    description: "It is now the current version; the one it replaced is in the history",
  },
  historyFailed: { title: "Could not load the history", description: "Please try again", variant: "destructive" },
  restoredFromTrash: { title: "Template restored", description: "It is back in the templates list" },
  deletedForever: { title: "Template deleted forever" },
  trashFailed: { title: "The Trash could not be changed", description: "Please try again", variant: "destructive" },
  exportFailed: { title: "Export failed", description: "Please try again", variant: "destructive" },
  restoredFromExport: { title: "Template restored", description: "Restored from the export file" },
  restoreFailed: {
    title: "Not restored",
    description: "Choose a proposal-templates/<id>.json file from an export",
    variant: "destructive",
  },
} as const satisfies Record<string, ToastMessage>;
