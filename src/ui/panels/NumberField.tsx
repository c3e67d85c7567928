/**
 * A number typed in and committed with Enter or on leaving the field. A refused value (the editor's
 * check says why, in the toast) puts the field back to the value in effect.
 */
export function NumberField({ value, onCommit, step = 0.1, min, label, testId }: {
  value: number;
  onCommit(value: number): boolean;
  step?: number;
  min?: number;
  label: string;
  testId: string;
}) {
  const commit = (input: HTMLInputElement) => {
    if (input.value === String(value)) return;
    if (!onCommit(input.value.trim() === "" ? NaN : Number(input.value))) input.value = String(value);
  };
  return (
    <input
      key={value}
      type="number"
      className="number"
      step={step}
      min={min}
      defaultValue={Number.isInteger(value) ? value : Number(value.toFixed(2))}
      aria-label={label}
      data-testid={testId}
      onBlur={(e) => commit(e.currentTarget)}
      onKeyDown={(e) => e.key === "Enter" && commit(e.currentTarget)}
    />
  );
}
