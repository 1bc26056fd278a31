import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { portalPaths } from "~/config/navigation";
import { PortalFrame } from "~/features/portal/PortalFrame";
import { PortalNav } from "~/features/portal/PortalNav";
import { revalidateKeys } from "~/features/portal/query";
import { endSession, requireToken } from "~/features/portal/session";
import { ApiError } from "~/lib/api-client";
import { $editorMode, $formStart, $templates, openCreate, TEMPLATES_PATH } from "./store";
import { TemplateCard } from "./TemplateCard";
import { TemplateForm } from "./TemplateForm";

/** /portal/dashboard: the proposal templates, with create, edit and delete (spec 2, 4). */
export function TemplateDashboard() {
  // Without a stored token the page leaves for the login before asking the API anything.
  const [signedIn] = useState(requireToken);
  return <PortalFrame>{signedIn ? <Dashboard /> : <Loading />}</PortalFrame>;
}

function Loading() {
  return (
    <p role="status" className="py-24 text-center text-sm font-semibold text-navy-700">
      Loading portal...
    </p>
  );
}

function Dashboard() {
  const { data: templates, error, loading } = useStore($templates);
  const mode = useStore($editorMode);
  const start = useStore($formStart);
  const refused = error instanceof ApiError && error.status === 401;

  useEffect(() => {
    if (refused) endSession();
  }, [refused]);

  const formOpen = mode.kind !== "hidden";
  return (
    <>
      <PortalNav current={portalPaths.dashboard} />
      <main className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-2xl font-extrabold md:text-3xl">Proposal Templates</h1>
            <p className="mt-1 text-sm text-navy-600">
              Shared by all staff. Templates saved from the Proposal Editor appear here too.
            </p>
          </div>
          {!formOpen && templates && templates.length > 0 && (
            <Button variant="accent" onClick={openCreate}>
              <Icon name="plus" /> New Template
            </Button>
          )}
        </div>

        {formOpen && (
          <TemplateForm key={mode.kind === "edit" ? mode.id : "new"} start={start} editing={mode.kind === "edit"} />
        )}

        {loading || refused || (!templates && !error) ? (
          <Loading />
        ) : error ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-900">
            <p className="font-semibold">The templates could not be loaded.</p>
            <p className="mt-1 text-sm">Check your connection and try again. ({error.message})</p>
            <Button variant="outline" className="mt-4" onClick={() => revalidateKeys(TEMPLATES_PATH)}>
              Try again
            </Button>
          </div>
        ) : templates!.length === 0 ? (
          !formOpen && (
            <div className="grid justify-items-center gap-3 rounded-lg border border-dashed border-navy-200 bg-white px-6 py-16 text-center">
              <span className="grid size-12 place-items-center rounded-full bg-gold-100 text-gold-700">
                <Icon name="file" className="size-6" />
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
          <ul aria-label="Templates" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {templates!.map((template) => (
              <TemplateCard key={template.id} template={template} />
            ))}
          </ul>
        )}
      </main>
    </>
  );
}
