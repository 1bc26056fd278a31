import { useLayoutEffect, useRef, type CSSProperties, type KeyboardEvent, type PointerEvent } from "react";
import { LINE_STYLES, SIGNATURE_BACKGROUND_PATH, SIGNATURE_COLORS, SIGNATURE_FONTS } from "./constants";
import { SIGNATURE_CANVAS } from "~/schemas/signature";
import { cn } from "~/lib/cn";
import type { SignatureElement, SignatureElementId, SignatureGlobalSettings } from "~/schemas/signature";
import { lineText, placeLine } from "./signature";

/** The CSS of one line's text (LINE_STYLES; gold lines use a gradient clipped to the text). */
export function lineCss(id: SignatureElementId): CSSProperties {
  const style = LINE_STYLES[id];
  const gold = style.paint === "gold";
  return {
    fontFamily: style.script ? SIGNATURE_FONTS.script : SIGNATURE_FONTS.sans,
    fontSize: `${style.fontSizePx}px`,
    fontWeight: style.bold ? 700 : 400,
    fontStyle: style.italic ? "italic" : "normal",
    color: style.paint === "gold" ? SIGNATURE_COLORS.goldSolid : SIGNATURE_COLORS[style.paint],
    ...(gold && {
      backgroundImage: `linear-gradient(90deg, ${SIGNATURE_COLORS.gold.join(", ")})`,
      WebkitBackgroundClip: "text",
      backgroundClip: "text",
      WebkitTextFillColor: "transparent",
    }),
  };
}

export interface SignatureCardProps {
  elements: readonly SignatureElement[];
  globalSettings: SignatureGlobalSettings;
  /** Draw the branded background image (default), or leave the card transparent. */
  background?: boolean;
  /** Style text of an uploaded HTML logo, drawn as a layer over the background. */
  customLogoStyle?: string;
  /** Show the centre cross. */
  guides?: boolean;
  /** The line being dragged, highlighted. */
  activeId?: SignatureElementId | null;
  /** Starts a drag on a line. */
  onLinePointerDown?: (id: SignatureElementId, event: PointerEvent<HTMLDivElement>) => void;
  /**
   * A key on a focused line (arrow keys move it). With it the lines become focusable controls, named
   * by `lineLabel`, so the card can be arranged without a mouse.
   */
  onLineKeyDown?: (id: SignatureElementId, event: KeyboardEvent<HTMLDivElement>) => void;
  /** The accessible name of a focusable line. */
  lineLabel?: (element: SignatureElement) => string;
  className?: string;
}

/** The 644 x 259 signature card with its five positioned lines. */
export function SignatureCard({
  elements,
  globalSettings,
  background = true,
  customLogoStyle,
  guides,
  activeId,
  onLinePointerDown,
  onLineKeyDown,
  lineLabel,
  className,
}: SignatureCardProps) {
  const logo = useRef<HTMLDivElement>(null);
  // Uploaded style text is applied as-is, the way the exported HTML carries it.
  useLayoutEffect(() => {
    if (logo.current) logo.current.style.cssText = customLogoStyle ?? "";
  }, [customLogoStyle]);

  return (
    <div
      data-slot="signature-card"
      className={cn("relative shrink-0 overflow-hidden select-none", className)}
      style={{
        width: SIGNATURE_CANVAS.width,
        height: SIGNATURE_CANVAS.height,
        backgroundImage: background ? `url(${SIGNATURE_BACKGROUND_PATH})` : undefined,
        backgroundSize: "cover",
      }}
    >
      {customLogoStyle && <div ref={logo} data-slot="signature-logo" aria-hidden="true" />}
      {guides && (
        <div aria-hidden="true" data-slot="signature-guides" className="pointer-events-none absolute inset-0">
          <div className="absolute top-0 bottom-0 w-px bg-gold-300/70" style={{ left: SIGNATURE_CANVAS.centerX }} />
          <div className="absolute right-0 left-0 h-px bg-gold-300/70" style={{ top: SIGNATURE_CANVAS.centerY }} />
        </div>
      )}
      {elements.map((element) => {
        const text = lineText(element);
        if (!element.visible || !text) return null;
        const { left, top, scale } = placeLine(element, globalSettings);
        return (
          <div
            key={element.id}
            data-line={element.id}
            onPointerDown={onLinePointerDown && ((event) => onLinePointerDown(element.id, event))}
            {...(onLineKeyDown && {
              tabIndex: 0,
              role: "button",
              "aria-roledescription": "movable line",
              "aria-label": lineLabel?.(element) ?? text,
              onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => onLineKeyDown(element.id, event),
            })}
            className={cn(
              "absolute leading-tight whitespace-nowrap",
              onLinePointerDown && "cursor-move",
              activeId === element.id && "outline outline-1 outline-gold-300 outline-dashed",
              onLineKeyDown && "focus-visible:outline-2 focus-visible:outline-gold-300 focus-visible:outline-solid",
            )}
            style={{
              left,
              top,
              transform: `translateY(-50%) scale(${scale})`,
              transformOrigin: "left center",
              ...lineCss(element.id),
            }}
          >
            {text}
          </div>
        );
      })}
    </div>
  );
}
