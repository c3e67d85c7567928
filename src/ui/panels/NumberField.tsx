/** A number typed by the player, committed on Enter or when the field loses focus; a bad entry is put back. */
import { useEffect, useState } from "react";

export function NumberField({ value, onCommit, label, step = 1, min, testId }: { value: number | undefined; onCommit(value: number): void; label: string; step?: number; min?: number; testId?: string }) {
  const shown = value === undefined ? "" : String(Math.round(value * 100) / 100);
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown]);
  const commit = () => {
    const n = Number(text);
    if (text.trim() === "" || !Number.isFinite(n) || (min !== undefined && n < min)) setText(shown);
    else if (n !== value) onCommit(n);
  };
  return (
    <input
      type="number"
      aria-label={label}
      value={text}
      step={step}
      min={min}
      style={{ width: 70 }}
      data-testid={testId}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === "Enter" && (e.target as HTMLInputElement).blur()}
    />
  );
}
