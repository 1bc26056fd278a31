import { useStore } from "@nanostores/react";
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from "react";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { LINE_LABELS } from "./constants";
import { SIGNATURE_CANVAS, type SignatureElementId } from "~/schemas/signature";
import type { SignatureElement } from "~/schemas/signature";
import { ExportButtons } from "./ExportButtons";
import { fitZoom } from "./layout";
import { Panel } from "./Panel";
import { SignatureCard } from "./SignatureCard";
import {
  $customLogoStyle,
  $draggingId,
  $elements,
  $globalSettings,
  $guides,
  endDrag,
  moveDrag,
  nudgeLine,
  resetSignatureLayout,
  startDrag,
  toggleGuides,
} from "./store";

/** The card's on-screen scale: true size where it fits, shrunk (geometry intact) on narrow screens. */
function useFitZoom(frame: RefObject<HTMLDivElement | null>): number {
  const [zoom, setZoom] = useState(1);
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    setZoom(fitZoom(element.clientWidth));
    const observer = new ResizeObserver(([entry]) => entry && setZoom(fitZoom(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [frame]);
  return zoom;
}

/** A focusable line's name: which line, what it says and where it sits. */
const lineLabel = (line: SignatureElement) =>
  `${LINE_LABELS[line.id]}: ${line.content} (X ${line.position.x}, Y ${line.position.y})`;

/** The live preview with draggable lines, Guides, Reset and the export buttons. */
export function SignaturePreview() {
  const elements = useStore($elements);
  const globalSettings = useStore($globalSettings);
  const guides = useStore($guides);
  const draggingId = useStore($draggingId);
  const customLogoStyle = useStore($customLogoStyle);
  const frame = useRef<HTMLDivElement>(null);
  const zoom = useFitZoom(frame);

  const onLinePointerDown = (id: SignatureElementId, event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.focus({ preventScroll: true });
    // Touch captures the pointer to the line implicitly; releasing it lets "left the preview" end the drag as for a mouse.
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
    startDrag(id, event.pointerId, { x: event.clientX, y: event.clientY }, zoom);
  };
  const onLineKeyDown = (id: SignatureElementId, event: KeyboardEvent<HTMLDivElement>) => {
    if (nudgeLine(id, event.key, event.shiftKey)) event.preventDefault();
  };

  return (
    <Panel
      title="Preview"
      actions={
        <>
          <Button
            variant="outline"
            size="sm"
            aria-pressed={guides}
            onClick={toggleGuides}
            className="aria-pressed:border-gold-500 aria-pressed:bg-gold-100"
          >
            <Icon name="crosshair" /> Guides
          </Button>
          <Button variant="outline" size="sm" onClick={resetSignatureLayout}>
            <Icon name="rotate-ccw" /> Reset
          </Button>
        </>
      }
    >
      <div ref={frame} className="min-w-0">
        <div
          data-slot="signature-preview"
          className="mx-auto overflow-hidden rounded-md bg-navy-900 shadow-md ring-1 ring-navy-900/10"
          style={{ width: SIGNATURE_CANVAS.width * zoom, height: SIGNATURE_CANVAS.height * zoom }}
          onPointerMove={(event) => moveDrag(event.pointerId, { x: event.clientX, y: event.clientY })}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onPointerLeave={endDrag}
        >
          <div
            className="origin-top-left [&_[data-line]]:touch-none"
            style={{ transform: zoom === 1 ? undefined : `scale(${zoom})` }}
          >
            <SignatureCard
              elements={elements}
              globalSettings={globalSettings}
              customLogoStyle={customLogoStyle || undefined}
              guides={guides}
              activeId={draggingId}
              onLinePointerDown={onLinePointerDown}
              onLineKeyDown={onLineKeyDown}
              lineLabel={lineLabel}
            />
          </div>
        </div>
      </div>
      <p className="mt-3 text-center text-xs text-navy-600">
        Drag a line to move it, or focus it and use the arrow keys (Shift: ten steps).
      </p>
      <ExportButtons />
    </Panel>
  );
}
