/**
 * The mark next to a number read from a sample table: a stand-in, not the source's number. It names the
 * table and, where the panel can load a table, opens the loader for the real one.
 */
import type { SampleTable } from "../../rules/ruleset";

export function SampleMark({ sample, onLoad }: { sample: SampleTable | undefined; onLoad?: () => void }) {
  if (!sample) return null;
  const why = `${sample.title}: editable sample numbers, not the source's. Load your own "${sample.table}" table with "Load rules table…" in the fire panel.`;
  return (
    <>
      {" · "}
      {onLoad ? (
        <button type="button" className="sample" title={why} onClick={onLoad} data-testid="sample-mark">
          sample {sample.table} table
        </button>
      ) : (
        <span className="sample" title={why} data-testid="sample-mark">
          sample {sample.table} table
        </span>
      )}
    </>
  );
}

/** The word "sample" after something made up for Hulldown where the source gives nothing (a preset, a mission); the title says why. */
export function SampleWord({ why, testId }: { why: string; testId?: string }) {
  return (
    <span className="sample" title={why} data-testid={testId}>
      {" "}
      sample
    </span>
  );
}
