import { useStore } from "@nanostores/react";
import { useEffect, useRef } from "react";
import { $format, mountBody } from "./store";

/**
 * The body sections (Scope of Work to VE Options/Add-ons) in one rich-text region whose HTML is
 * `editorHTML`. The editor mounts itself in an element React never renders children into.
 */
export function ProposalBody() {
  const ref = useRef<HTMLDivElement>(null);
  const ready = useStore($format) !== null;
  useEffect(() => mountBody(ref.current!), []);
  return (
    <>
      {!ready && (
        <p role="status" className="proposal-body-loading">
          Loading the editor...
        </p>
      )}
      <div ref={ref} />
    </>
  );
}
