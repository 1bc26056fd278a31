import { useId } from "react";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { formatCreated } from "~/features/templates/templates";
import type { SignatureTemplateSummary } from "~/schemas/signature";
import { TemplatePreview } from "./TemplatePreview";
import { $deleteTarget, loadSignatureTemplate, setDefaultSignature } from "./template-store";

interface TemplateListProps {
  title: string;
  templates: readonly SignatureTemplateSummary[];
  /** Ids of the caller's own templates, which get a Delete button. */
  own: ReadonlySet<string>;
  /** Badge the templates that are also company templates. */
  showCompanyMark?: boolean;
}

/** One section of the Load dialog: each template with Load, Set as Default and, for the caller's own, Delete. */
export function TemplateList({ title, templates, own, showCompanyMark }: TemplateListProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid grid-cols-1 gap-2">
      <h3 id={id} className="text-sm font-bold tracking-wide text-gold-700 uppercase">
        {title}
      </h3>
      {templates.length === 0 ? (
        <p className="text-sm text-navy-600">None yet. Choose Save Template to keep one of your own here.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-2">
          {templates.map((template) => (
            <li
              key={template.id}
              className="grid grid-cols-1 gap-3 rounded-md border border-navy-100 bg-stone-50 p-3 [contain-intrinsic-size:auto_112px] [content-visibility:auto] sm:grid-cols-[auto_minmax(0,1fr)] sm:items-center"
            >
              <TemplatePreview template={template} />
              <div className="grid min-w-0 grid-cols-1 gap-2">
                <div className="min-w-0">
                  <p className="font-semibold wrap-anywhere text-navy-950">
                    {template.name}
                    {showCompanyMark && template.isCompanyTemplate && (
                      <span className="text-gold-800 ml-2 inline-block rounded-full bg-gold-100 px-2 py-0.5 align-middle text-[11px] font-semibold">
                        Company
                      </span>
                    )}
                  </p>
                  {template.description && (
                    <p className="text-sm wrap-anywhere text-navy-600">{template.description}</p>
                  )}
                  <p className="text-xs text-navy-600">{formatCreated(template.createdAt)}</p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {/* Named with the template ("Load Office") so each button is distinct; the visible word starts the name. */}
                  <Button
                    size="sm"
                    aria-label={`Load ${template.name}`}
                    onClick={() => loadSignatureTemplate(template)}
                  >
                    Load
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Set as Default ${template.name}`}
                    onClick={() => setDefaultSignature(template)}
                  >
                    Set as Default
                  </Button>
                  {own.has(template.id) && (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Delete ${template.name}`}
                      onClick={() => $deleteTarget.set(template)}
                    >
                      <Icon name="trash" /> Delete
                    </Button>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
