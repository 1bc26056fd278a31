import { useStore } from "@nanostores/react";
import { lazy, Suspense } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { NeedsYouNow } from "~/features/attention/NeedsYouNow";
import { portalPaths } from "~/portal/navigation";
import { LoadError } from "~/portal/LoadError";
import { PortalLoadingText } from "~/portal/PortalFrame";
import { revalidateKeys } from "~/portal/query";
import { StaffScreen } from "~/features/portal-shell/StaffScreen";
import { $historyOf } from "./keep-store";
import { $conflict, $editorMode, $formStart, $templates, openCreate, TEMPLATE_LIST_KEY } from "./store";
import { TemplateCard } from "./TemplateCard";
import { TemplateForm } from "./TemplateForm";

// Dialogs and the Trash load their code the first time they are needed, not with the screen.
const ConflictDialog = lazy(() => import("./ConflictDialog").then((m) => ({ default: m.ConflictDialog })));
const HistoryDialog = lazy(() => import("./HistoryDialog").then((m) => ({ default: m.HistoryDialog })));
const TrashTab = lazy(() => import("./TrashList").then((m) => ({ default: m.TrashTab })));

/** /portal/dashboard: the proposal templates all staff share, with create, edit and delete. */
export function TemplateDashboard() {
  return (
    <StaffScreen
      title="Proposal Templates"
      subtitle="Shared by all staff. Templates saved from the Proposal Editor appear here too."
      current={portalPaths.dashboard}
      actions={<NewTemplateButton />}
    >
      <main className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-6 md:py-8">
        <NeedsYouNow />
        <Tabs defaultValue="templates" className="grid grid-cols-1 gap-6">
          <TabsList aria-label="Templates or Trash" className="max-w-xs">
            <TabsTrigger value="templates">Templates</TabsTrigger>
            <TabsTrigger value="trash">Trash</TabsTrigger>
          </TabsList>
          <TabsContent value="templates" className="grid grid-cols-1 gap-6">
            <Dashboard />
          </TabsContent>
          <TabsContent value="trash">
            <Suspense fallback={<PortalLoadingText />}>
              <TrashTab />
            </Suspense>
          </TabsContent>
        </Tabs>
        <KeepDialogs />
      </main>
    </StaffScreen>
  );
}

function NewTemplateButton() {
  const { data: templates } = useStore($templates);
  const mode = useStore($editorMode);
  if (mode.kind !== "hidden" || !templates?.length) return null;
  return (
    <Button variant="accent" onClick={openCreate}>
      <Icon name="plus" /> New Template
    </Button>
  );
}

/** The conflict and history dialogs, mounted (and their code fetched) once first needed. */
function KeepDialogs() {
  const conflict = useStore($conflict);
  const history = useStore($historyOf);
  return (
    <Suspense>
      {conflict && <ConflictDialog />}
      {history && <HistoryDialog />}
    </Suspense>
  );
}

function Dashboard() {
  const { data: templates, error, loading } = useStore($templates);
  const mode = useStore($editorMode);
  const start = useStore($formStart);
  const formOpen = mode.kind !== "hidden";
  return (
    <>
      {formOpen && (
        // A new key per version: reloading theirs after a conflict starts the form afresh.
        <TemplateForm
          key={mode.kind === "edit" ? `${mode.id}:${mode.etag}` : "new"}
          start={start}
          editing={mode.kind === "edit"}
        />
      )}

      {loading || (!templates && !error) ? (
        <PortalLoadingText />
      ) : error ? (
        // A 401 never gets here (it ends the session); this is a 5xx or no connection, so the token stays.
        <LoadError what="The templates" error={error} onRetry={() => revalidateKeys(TEMPLATE_LIST_KEY)} />
      ) : templates!.length === 0 ? (
        !formOpen && (
          <div className="grid grid-cols-1 justify-items-center gap-3 rounded-lg border border-dashed border-navy-200 bg-white px-6 py-16 text-center">
            <span className="grid size-12 place-items-center rounded-full bg-gold-100 text-gold-700">
              <Icon name="file-text" className="size-6" />
            </span>
            <h2 className="text-lg font-bold">No Templates Yet</h2>
            <p className="max-w-sm text-sm text-navy-600">
              Create a template to start proposals from a ready scope of work.
            </p>
            <Button variant="accent" onClick={openCreate}>
              <Icon name="plus" /> Create First Template
            </Button>
          </div>
        )
      ) : (
        <ul aria-label="Templates" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {templates!.map((template) => (
            <TemplateCard key={template.id} template={template} />
          ))}
        </ul>
      )}
    </>
  );
}
