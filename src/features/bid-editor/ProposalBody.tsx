import { useStore } from "@nanostores/react";
import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from "react";
import { pendingKey } from "./body-handoff";
import { $editorHtml, $format, attachBody, editBody, holdBodyInput, pressBody } from "./store";

const refuse = (event: Event) => event.preventDefault();

/**
 * The body sections (Scope of Work to VE Options/Add-ons) in one rich-text region whose HTML is
 * `editorHTML`: the sample, the editor's own output, or sanitised on its way in. Until it is first
 * edited it is that HTML, styled exactly as the editor shows it, with a caret the arrow keys move but
 * nothing changing it: a press, focus, key or paste brings the editing engine in, which mounts in its
 * place (in an element React never renders into) and receives what was typed meanwhile.
 */
export function ProposalBody() {
  const host = useRef<HTMLDivElement>(null);
  const html = useStore($editorHtml);
  const editing = useStore($format) !== null;
  useEffect(() => attachBody(host.current!), []);

  const onKeyDown = (event: KeyboardEvent) => {
    const input = pendingKey(event);
    if (!input) return;
    event.preventDefault();
    holdBodyInput(input);
  };
  const onPaste = (event: ClipboardEvent) => {
    event.preventDefault();
    const data = event.clipboardData;
    holdBodyInput({ kind: "paste", html: data.getData("text/html"), text: data.getData("text/plain") });
  };
  // Whatever else would change the static HTML (dropped text, the context menu) waits for the editor too.
  const guard = (element: HTMLDivElement | null) => {
    if (!element) return;
    for (const type of ["beforeinput", "drop"]) element.addEventListener(type, refuse);
    return () => ["beforeinput", "drop"].forEach((type) => element.removeEventListener(type, refuse));
  };

  return (
    <div ref={host}>
      {!editing && (
        <div
          ref={guard}
          data-static-body
          role="textbox"
          aria-multiline="true"
          aria-label="Proposal body"
          contentEditable
          spellCheck
          tabIndex={0}
          className="proposal-body"
          onPointerDown={pressBody}
          onFocus={() => void editBody()}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
    </div>
  );
}
