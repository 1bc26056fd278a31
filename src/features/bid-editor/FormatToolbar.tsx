import { useStore } from "@nanostores/react";
import type { KeyboardEvent, MouseEvent, ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icon-set";
import { Tooltip } from "~/components/ui/tooltip";
import { TEXT_SIZES } from "./constants";
import { cn } from "~/lib/cn";
import type { FormatCommand, FormatState } from "./body-editor";
import { $format, runFormat } from "./store";

interface Tool {
  command: FormatCommand;
  label: string;
  /** Shortcut shown in the tooltip. */
  keys?: string;
  icon?: IconName;
  glyphClass?: string;
  pressed: (state: FormatState) => boolean;
}

/** The toolbar: marks, lists and alignment in three groups of icons, then the three text sizes. */
const GROUPS: readonly (readonly Tool[])[] = [
  [
    { command: "bold", label: "Bold", keys: "Ctrl+B", icon: "letter-b", pressed: (s) => s.bold },
    { command: "italic", label: "Italic", keys: "Ctrl+I", icon: "italic", pressed: (s) => s.italic },
    { command: "underline", label: "Underline", keys: "Ctrl+U", icon: "underline", pressed: (s) => s.underline },
  ],
  [
    { command: "bulletList", label: "Bullet list", icon: "list", pressed: (s) => s.bulletList },
    { command: "orderedList", label: "Numbered list", icon: "list-ordered", pressed: (s) => s.orderedList },
  ],
  [
    { command: "alignLeft", label: "Align left", icon: "text-align-start", pressed: (s) => s.align === "left" },
    { command: "alignCenter", label: "Align center", icon: "text-align-center", pressed: (s) => s.align === "center" },
    { command: "alignRight", label: "Align right", icon: "text-align-end", pressed: (s) => s.align === "right" },
  ],
  [
    { command: "small", label: "Small text", glyphClass: "text-[11px]", pressed: (s) => s.size === TEXT_SIZES.small },
    { command: "normal", label: "Normal text", glyphClass: "text-sm", pressed: (s) => s.size === TEXT_SIZES.normal },
    { command: "large", label: "Large text", glyphClass: "text-lg", pressed: (s) => s.size === TEXT_SIZES.large },
  ],
];

/** A toolbar button must not take the selection away from the document (static or editor alike). */
const keepSelection = (event: MouseEvent) => event.preventDefault();

function ToolButton({ tool, state }: { tool: Tool; state: FormatState | null }) {
  const pressed = state ? tool.pressed(state) : false;
  return (
    <Tooltip label={tool.keys ? `${tool.label} (${tool.keys})` : tool.label}>
      <Button
        variant="ghost"
        size="icon"
        aria-label={tool.label}
        aria-pressed={pressed}
        aria-keyshortcuts={tool.keys?.replace("Ctrl", "Control")}
        onMouseDown={keepSelection}
        onClick={() => void runFormat(tool.command)}
        className={cn("size-8", pressed && "bg-navy-900 text-white hover:bg-navy-800 hover:text-white")}
      >
        {tool.icon ? <Icon name={tool.icon} /> : <Glyph className={tool.glyphClass} />}
      </Button>
    </Tooltip>
  );
}

const Glyph = ({ className }: { className?: string }): ReactNode => (
  <span aria-hidden="true" className={cn("font-serif leading-none font-bold", className)}>
    A
  </span>
);

/** Arrow keys move between the buttons, as in the ARIA toolbar pattern; Tab still reaches each one. */
function arrowKeys(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
  const buttons = [...event.currentTarget.querySelectorAll("button")];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  event.preventDefault();
  buttons[(at + (event.key === "ArrowRight" ? 1 : -1) + buttons.length) % buttons.length]!.focus();
}

/** Bold to large text on the body's selection, each showing whether it applies there. */
export function FormatToolbar() {
  const state = useStore($format);
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      onKeyDown={arrowKeys}
      className="flex flex-wrap items-center gap-0.5 border-b border-navy-100 bg-white px-3 py-1.5 shadow-sm print:hidden"
    >
      {GROUPS.map((group, index) => (
        <div key={group[0]!.command} className="flex items-center gap-0.5">
          {index > 0 && <span aria-hidden="true" className="mx-1 h-6 w-px bg-navy-100" />}
          {group.map((tool) => (
            <ToolButton key={tool.command} tool={tool} state={state} />
          ))}
        </div>
      ))}
    </div>
  );
}
