import { useEffect, useState } from "react";
import { SIGNATURE_BACKGROUND_PATH } from "./constants";
import { SIGNATURE_CANVAS } from "~/schemas/signature";
import type { SanitizeHtml } from "~/lib/sanitize";
import type { SignatureTemplate } from "~/schemas/signature";
import { SignatureCard } from "./SignatureCard";
import { onThisOrigin, parseTemplate } from "./template-data";

/** Thumbnails are the card at this fraction of its size. */
const THUMBNAIL_SCALE = 0.3;

let sanitizer: Promise<SanitizeHtml> | undefined;

/** DOMPurify and the sanitiser, fetched the first time a stored template's HTML is previewed. */
function loadSanitizer(): Promise<SanitizeHtml> {
  sanitizer ??= Promise.all([import("dompurify"), import("~/lib/sanitize")]).then(
    ([{ default: createPurifier }, { htmlSanitizer }]) => htmlSanitizer(createPurifier),
  );
  return sanitizer;
}

/**
 * A small picture of a saved template: its stored HTML, sanitised (it may come from any API client),
 * or else the card drawn from its lines, over the site's own background.
 */
export function TemplatePreview({ template }: { template: SignatureTemplate }) {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (template.htmlContent)
      void loadSanitizer().then(
        (sanitize) => live && setHtml(onThisOrigin(sanitize("signature", template.htmlContent!))),
      );
    return () => {
      live = false;
    };
  }, [template.htmlContent]);
  const parsed = template.htmlContent ? null : parseTemplate(template);

  return (
    // inert: a picture only; links in stored HTML must not take focus or clicks.
    <div
      aria-hidden="true"
      inert
      data-slot="template-preview"
      className="relative overflow-hidden rounded ring-1 ring-navy-900/10"
      style={{
        width: SIGNATURE_CANVAS.width * THUMBNAIL_SCALE,
        height: SIGNATURE_CANVAS.height * THUMBNAIL_SCALE,
        backgroundImage: `url(${SIGNATURE_BACKGROUND_PATH})`,
        backgroundSize: "cover",
      }}
    >
      <div
        className="pointer-events-none absolute top-0 left-0 origin-top-left [contain:paint]"
        style={{
          transform: `scale(${THUMBNAIL_SCALE})`,
          width: SIGNATURE_CANVAS.width,
          height: SIGNATURE_CANVAS.height,
        }}
      >
        {html !== null && <div dangerouslySetInnerHTML={{ __html: html }} />}
        {parsed?.ok && (
          <SignatureCard
            elements={parsed.value.elements}
            globalSettings={parsed.value.globalSettings}
            background={false}
          />
        )}
      </div>
    </div>
  );
}
