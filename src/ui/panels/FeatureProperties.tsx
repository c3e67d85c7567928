/**
 * The selected feature's every value, typed in: its name and sizes, its points (move, insert, delete),
 * and for a building its floors, roof, ruin and each wall's openings. Each change is one edit in the
 * game log, checked like a loaded file.
 */
import { groupOf } from "../../core/edit/features";
import { addOpeningWhereFree, changeOpening, overlappingOpenings, removeOpening, wallLength } from "../../core/edit/openings";
import { deleteVertex, featurePoints, insertVertex, moveVertex, shapeKind } from "../../core/edit/shape";
import type { Building, Feature, Opening } from "../../core/scenario/schema";
import { changeSelected, deleteSelected, duplicateSelected, ROTATION_STEP, rotateSelected } from "../../state/editActions";
import { useGame } from "../../state/game";
import { NumberField } from "./NumberField";

/** The sizes of each kind that are plain numbers, with what they mean. */
const NUMBERS: Record<string, string> = {
  height: "height (cm)",
  slope: "slope run (cm)",
  thickness: "thickness (cm)",
  width: "width (cm)",
  depth: "depth (cm)",
  radius: "radius (cm)",
  size: "size (cm)",
  heading: "heading (°)",
  floors: "storeys",
  floorHeight: "storey height (cm)",
  wallThickness: "wall thickness (cm)",
};
const MATERIALS = ["stone", "brick", "wood", "concrete"] as const;

const set = (patch: Record<string, unknown>) => changeSelected((f) => ({ ...f, ...patch }) as Feature);

function Values({ feature }: { feature: Feature }) {
  const catalog = useGame((s) => s.battlefield.catalog);
  const features = useGame((s) => s.state.scenario.features);
  // The rest of its group moves, turns, copies and deletes with it (a church's tower).
  const mates = groupOf(features, feature.id).filter((f) => f.id !== feature.id);
  const fields = feature as unknown as Record<string, unknown>;
  return (
    <table>
      <tbody>
        {mates.length > 0 && (
          <tr>
            <th>moves with</th>
            <td className="muted" data-testid="prop-group">
              {mates.map((f) => f.name || f.id).join(", ")}
            </td>
          </tr>
        )}
        <tr>
          <th>name</th>
          <td>
            <input
              key={feature.name ?? ""}
              defaultValue={feature.name ?? ""}
              placeholder={feature.id}
              aria-label="name"
              data-testid="prop-name"
              onBlur={(e) => e.currentTarget.value !== (feature.name ?? "") && set({ name: e.currentTarget.value || undefined })}
              onKeyDown={(e) => e.key === "Enter" && e.currentTarget.blur()}
            />
          </td>
        </tr>
        {Object.entries(NUMBERS)
          .filter(([key]) => typeof fields[key] === "number")
          .map(([key, label]) => (
            <tr key={key}>
              <th>{label}</th>
              <td>
                <NumberField
                  value={fields[key] as number}
                  label={label}
                  testId={`prop-${key}`}
                  step={key === "floors" ? 1 : key === "heading" ? ROTATION_STEP : 0.1}
                  onCommit={(v) => set({ [key]: v })}
                />
              </td>
            </tr>
          ))}
        {"material" in feature && (
          <tr>
            <th>material</th>
            <td>
              <select value={feature.material} onChange={(e) => set({ material: e.target.value })} data-testid="prop-material">
                {MATERIALS.map((m) => (
                  <option key={m}>{m}</option>
                ))}
              </select>
            </td>
          </tr>
        )}
        {feature.kind !== "hill" && (
          <tr>
            <th>decorative</th>
            <td>
              <input
                type="checkbox"
                checked={feature.decorative === true}
                data-testid="prop-decorative"
                title="Scenery only: stops no line of sight, drawn lighter"
                onChange={(e) => set({ decorative: e.target.checked || undefined })}
              />
            </td>
          </tr>
        )}
        {"concealing" in feature && (
          <tr>
            <th>hides models</th>
            <td>
              <input type="checkbox" checked={feature.concealing} onChange={(e) => set({ concealing: e.target.checked })} />
            </td>
          </tr>
        )}
        {feature.kind === "wreck" && (
          <tr>
            <th>vehicle</th>
            <td>
              <select value={feature.model} onChange={(e) => set({ model: e.target.value })}>
                {[...catalog.values()]
                  .filter((d) => d.vehicle)
                  .map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.name}
                    </option>
                  ))}
              </select>
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

function Points({ feature }: { feature: Feature }) {
  const points = featurePoints(feature);
  const kind = shapeKind(feature);
  return (
    <>
      <h3>{kind === "point" ? "position" : kind === "outline" ? "corners" : "points"} (cm)</h3>
      <table className="points">
        <tbody>
          {points.map((p, i) => (
            <tr key={i}>
              <th>{i}</th>
              <td>
                <NumberField value={p[0]} label={`point ${i} x`} testId={`point-${i}-x`} onCommit={(x) => changeSelected((f) => moveVertex(f, i, [x, p[1]]))} />
              </td>
              <td>
                <NumberField value={p[1]} label={`point ${i} z`} testId={`point-${i}-z`} onCommit={(z) => changeSelected((f) => moveVertex(f, i, [p[0], z]))} />
              </td>
              {kind !== "point" && (
                <td>
                  <button type="button" title="Insert a point after this one" onClick={() => changeSelected((f) => insertVertex(f, i))}>
                    +
                  </button>
                  <button type="button" title="Delete this point" onClick={() => changeSelected((f) => deleteVertex(f, i))}>
                    ×
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

const OPENING_NUMBERS = [
  ["offset", "along"],
  ["width", "width"],
  ["height", "height"],
  ["sill", "sill"],
] as const;

function Openings({ building }: { building: Building }) {
  const walls = building.footprint.length;
  const edit = (o: Opening, patch: Partial<Opening>) => changeSelected((f) => changeOpening(f as Building, o.id, patch));
  // Where the building has room: never on top of a door or window it has (the preset's door, say).
  const add = (type: Opening["type"]) => changeSelected((f) => addOpeningWhereFree(f as Building, type));
  const overlaps = overlappingOpenings(building);
  return (
    <>
      <h3>
        openings <span className="muted">· wall i runs from corner i to the next; along = centre from the wall's start (cm)</span>
      </h3>
      <table className="openings">
        <thead>
          <tr>
            <th>type</th>
            <th>wall</th>
            <th>floor</th>
            {OPENING_NUMBERS.map(([, l]) => (
              <th key={l}>{l}</th>
            ))}
            <th />
          </tr>
        </thead>
        <tbody>
          {building.openings.map((o) => (
            <tr key={o.id} data-testid={`opening-${o.id}`}>
              <td>
                <select value={o.type} onChange={(e) => edit(o, { type: e.target.value as Opening["type"] })} aria-label="type">
                  <option>window</option>
                  <option>door</option>
                  <option>gap</option>
                </select>
              </td>
              <td>
                <select
                  value={o.wall}
                  aria-label="wall"
                  data-testid={`opening-${o.id}-wall`}
                  onChange={(e) => {
                    const wall = Number(e.target.value);
                    edit(o, { wall, offset: Math.min(o.offset, wallLength(building, wall) / 2) });
                  }}
                >
                  {Array.from({ length: walls }, (_, w) => (
                    <option key={w} value={w}>
                      {w}
                    </option>
                  ))}
                </select>
              </td>
              <td>
                <select value={o.floor} aria-label="floor" data-testid={`opening-${o.id}-floor`} onChange={(e) => edit(o, { floor: Number(e.target.value) })}>
                  {Array.from({ length: building.floors }, (_, l) => (
                    <option key={l} value={l}>
                      {l}
                    </option>
                  ))}
                </select>
              </td>
              {OPENING_NUMBERS.map(([key, label]) => (
                <td key={key}>
                  <NumberField value={o[key]} label={`${o.id} ${label}`} testId={`opening-${o.id}-${key}`} onCommit={(v) => edit(o, { [key]: v })} />
                </td>
              ))}
              <td>
                <button type="button" title="Remove" onClick={() => changeSelected((f) => removeOpening(f as Building, o.id))}>
                  ×
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {overlaps.map(([a, b]) => (
        <p key={`${a.id}/${b.id}`} className="blocked" role="alert" data-testid="opening-overlap">
          {a.id} and {b.id} overlap on wall {a.wall}, floor {a.floor}: move one along the wall.
        </p>
      ))}
      <div className="row">
        <button type="button" onClick={() => add("window")} data-testid="add-window">
          + window
        </button>
        <button type="button" onClick={() => add("door")} data-testid="add-door">
          + door
        </button>
      </div>
    </>
  );
}

function RoofAndRuin({ building }: { building: Building }) {
  const ruined = building.ruined !== undefined;
  return (
    <>
      <h3>roof and ruin</h3>
      <table>
        <tbody>
          <tr>
            <th>roof</th>
            <td>
              <select value={building.roof.state} onChange={(e) => set({ roof: { ...building.roof, state: e.target.value } })} data-testid="prop-roof-state">
                <option value="intact">intact</option>
                <option value="gone">gone</option>
              </select>{" "}
              <select value={building.roof.shape} onChange={(e) => set({ roof: { ...building.roof, shape: e.target.value } })} data-testid="prop-roof-shape">
                <option value="gable">gable</option>
                <option value="flat">flat</option>
              </select>
            </td>
          </tr>
          <tr>
            <th>ridge (cm)</th>
            <td>
              <NumberField
                value={building.roof.ridgeHeight}
                label="ridge height"
                testId="prop-ridgeHeight"
                onCommit={(v) => set({ roof: { ...building.roof, ridgeHeight: v } })}
              />
            </td>
          </tr>
          <tr>
            <th>ruined</th>
            <td>
              <input
                type="checkbox"
                checked={ruined}
                data-testid="prop-ruined"
                onChange={(e) => set({ ruined: e.target.checked ? { wallHeights: [] } : undefined })}
              />
            </td>
          </tr>
          {ruined &&
            building.footprint.map((_, w) => {
              const full = building.floors * building.floorHeight;
              const height = building.ruined?.wallHeights?.[w] ?? full;
              return (
                <tr key={w}>
                  <th>wall {w} (cm)</th>
                  <td>
                    <NumberField
                      value={height}
                      label={`wall ${w} height`}
                      testId={`ruin-wall-${w}`}
                      onCommit={(v) => {
                        const heights = building.footprint.map((__, i) => building.ruined?.wallHeights?.[i] ?? full);
                        heights[w] = v;
                        return set({ ruined: { wallHeights: heights } });
                      }}
                    />
                  </td>
                </tr>
              );
            })}
        </tbody>
      </table>
    </>
  );
}

export function FeatureProperties({ feature }: { feature: Feature }) {
  const name = useGame((s) => s.names.of(feature.id));
  return (
    <div data-testid="feature-properties">
      <h2>
        {name} <span className="muted">· {feature.kind}</span>
      </h2>
      <div className="row">
        <button type="button" onClick={() => rotateSelected(-ROTATION_STEP)} title="Q">
          ⟲ {ROTATION_STEP}°
        </button>
        <button type="button" onClick={() => rotateSelected(ROTATION_STEP)} title="E">
          {ROTATION_STEP}° ⟳
        </button>
        <button type="button" onClick={duplicateSelected} title="Ctrl+D">
          duplicate
        </button>
        <button type="button" onClick={deleteSelected} title="Del" data-testid="delete-feature">
          delete
        </button>
      </div>
      <Values feature={feature} />
      {feature.kind === "building" && <RoofAndRuin building={feature} />}
      {feature.kind === "building" && <Openings building={feature} />}
      <Points feature={feature} />
    </div>
  );
}
