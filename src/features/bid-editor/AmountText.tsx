import { useStore } from "@nanostores/react";
import { useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import { parseMoney, type AmountField } from "./proposal";
import { $content, setAmount } from "./store";

export interface AmountTextProps {
  field: AmountField;
  /** Accessible name. */
  label: string;
}

/**
 * A dollar amount in the bid box, typed as a number and shown as US dollars. While focused it holds
 * what is being typed ("$", "," and spaces are allowed); on leaving (or Enter) it is read as a
 * number and formatted, and anything unreadable puts the previous amount back.
 */
export function AmountText({ field, label }: AmountTextProps) {
  const value = useStore($content)[field];
  const [typing, setTyping] = useState<string | null>(null);
  const cancelled = useRef(false);

  const commit = (event: FocusEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value;
    setTyping(null);
    if (cancelled.current) {
      cancelled.current = false;
      return;
    }
    if (text.trim() === "" && field === "baseBidAmount") setAmount(field, null);
    else {
      const amount = parseMoney(text);
      if (amount !== null) setAmount(field, amount);
    }
  };
  const enter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") event.currentTarget.blur();
    if (event.key === "Escape") {
      cancelled.current = true;
      event.currentTarget.blur();
    }
  };

  const shown = typing ?? value;
  return (
    <input
      aria-label={label}
      inputMode="decimal"
      autoComplete="off"
      value={shown}
      onChange={(event) => setTyping(event.target.value)}
      onBlur={commit}
      onKeyDown={enter}
      size={Math.max(4, shown.length)}
      className="proposal-amount"
    />
  );
}
