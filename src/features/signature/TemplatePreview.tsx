import { useEffect, useRef, useState } from "react";
import { SIGNATURE_CANVAS } from "~/schemas/signature";
import type { SignatureTemplateSummary } from "~/schemas/signature";
import { SIGNATURE_BACKGROUND_PATH } from "./constants";
import { SignatureCard } from "./SignatureCard";
import { parseTemplate } from "./template-data";

/** Thumbnails are the card at this fraction of its size. */
const THUMBNAIL_SCALE = 0.3;
/** How far outside the dialog's visible part a thumbnail is drawn ahead of scrolling. */
const DRAW_AHEAD = "300px";

/**
 * A small picture of a saved template: the card drawn from its lines on the site's own background. The
 * list carries no stored HTML or logo (the HTML may be 400 KB a template), so the lines are what it draws.
 */
export function TemplatePreview({ template }: { template: SignatureTemplateSummary }) {
  // Drawn once it is near the visible part of the list: a list of 200 cards drawn at once keeps the Load
  // dialog from opening for a second.
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: DRAW_AHEAD,
    });
    if (box.current) observer.observe(box.current);
    return () => observer.disconnect();
  }, []);
  const parsed = near ? parseTemplate(template) : null;

  return (
    // inert: a picture only, never a focus or click target.
    <div
      ref={box}
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
