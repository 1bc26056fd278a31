import { useStore } from "@nanostores/react";
import { RangeField } from "~/components/ui/range-field";
import { RESET_GLOBAL_SETTINGS } from "./constants";
import { SIGNATURE_RANGES } from "~/schemas/signature";
import { Panel } from "./Panel";
import { $globalSettings, setGlobalSetting, type GlobalControl } from "./store";

/** The Global Settings sliders; only Global X has a reset button, to its Reset value 0. */
const GLOBAL_CONTROLS: readonly { key: GlobalControl; label: string; resetTo?: number }[] = [
  { key: "globalX", label: "Global X", resetTo: RESET_GLOBAL_SETTINGS.globalX },
  { key: "globalY", label: "Global Y" },
  { key: "globalScale", label: "Global Scale" },
];

/** 'Global Settings': Global X (with reset to 0), Global Y and Global Scale. */
export function GlobalSettings() {
  const settings = useStore($globalSettings);
  return (
    <Panel title="Global Settings">
      <div className="grid grid-cols-1 gap-2">
        {GLOBAL_CONTROLS.map(({ key, label, resetTo }) => (
          <RangeField
            key={key}
            label={label}
            value={settings[key]}
            range={SIGNATURE_RANGES[key]}
            resetTo={resetTo}
            onValueChange={(value) => setGlobalSetting(key, value)}
          />
        ))}
      </div>
    </Panel>
  );
}
