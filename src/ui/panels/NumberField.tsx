/**
 * A number typed by the player, committed with Enter or on leaving the field. A bad entry (empty, not a
 * number, below `min`) is put back, and so is a value the caller refuses (`onCommit` returning false: the
 * editor's check says why, in the toast); the field then shows the value in effect.
 */
import { useEffect, useState } from "react";

export function NumberField({
  value,
  onCommit,
  label,
  step = 0.1,
  min,
  testId,
}: {
  value: number | undefined;
  /** false: refused, the field goes back to `value`. */
  // biome-ignore lint/suspicious/noConfusingVoidType: a handler that returns nothing accepts the value
  onCommit(value: number): boolean | void;
  label: string;
  step?: number;
  min?: number;
  testId?: string;
}) {
  const shown = value === undefined ? "" : String(Math.round(value * 100) / 100);
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown]);
  const commit = () => {
    const n = Number(text);
    if (text.trim() === "" || !Number.isFinite(n) || (min !== undefined && n < min)) setText(shown);
    else if (n !== value && onCommit(n) === false) setText(shown);
  };
  return (
    <input
      type="number"
      className="number"
      aria-label={label}
      value={text}
      step={step}
      min={min}
      data-testid={testId}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === "Enter" && e.currentTarget.blur()}
    />
  );
}
