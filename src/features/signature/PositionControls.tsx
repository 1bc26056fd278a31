import { useStore } from "@nanostores/react";
import { RangeField } from "~/components/ui/range-field";
import { LINE_LABELS, RESET_LINES } from "./constants";
import { SIGNATURE_RANGES } from "~/schemas/signature";
import { Panel } from "./Panel";
import { $elements, setLinePosition, setLineScale } from "./store";

/** 'Position & Scale Controls': X, Y and Scale of each line; X and Y reset to the line's RESET_LINES value. */
export function PositionControls() {
  const elements = useStore($elements);
  return (
    <Panel title="Position & Scale Controls">
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {elements.map((line) => {
          const name = LINE_LABELS[line.id];
          return (
            <li key={line.id} className="grid grid-cols-1 gap-1 rounded-md border border-navy-100 bg-stone-50 p-3">
              <h3 className="text-sm font-bold text-navy-950">{name}</h3>
              <RangeField
                label="X"
                name={`${name} X`}
                value={line.position.x}
                range={SIGNATURE_RANGES.lineX}
                resetTo={RESET_LINES[line.id].x}
                onValueChange={(x) => setLinePosition(line.id, "x", x)}
              />
              <RangeField
                label="Y"
                name={`${name} Y`}
                value={line.position.y}
                range={SIGNATURE_RANGES.lineY}
                resetTo={RESET_LINES[line.id].y}
                onValueChange={(y) => setLinePosition(line.id, "y", y)}
              />
              <RangeField
                label="Scale"
                name={`${name} Scale`}
                value={line.scale}
                range={SIGNATURE_RANGES.lineScale}
                onValueChange={(scale) => setLineScale(line.id, scale)}
              />
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}
