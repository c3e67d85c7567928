/**
 * Importing a player's own miniature: the file read, its size, up axis, front, parts, colliders, eye and
 * base chosen, the colliders shown over the file's own mesh (what line of sight will use), the triangle
 * counts before and after; "Place on table" stores it with the battlefield. A bad file only shows its message.
 */
import { OrbitControls } from "@react-three/drei";
import { Canvas } from "@react-three/fiber";
import { useEffect, useMemo, useState } from "react";
import { BufferAttribute, BufferGeometry } from "three";
import type { Vec2 } from "../../core/geometry2d";
import { type BuildResult, finishMiniature, guessPart, guessSize, type ShapeBuild, type SizeChoice } from "../../core/miniatures/buildMiniature";
import { type ModelFileResult, readModelFile } from "../../core/miniatures/readModelFile";
import { PART_NAMES, type PartName } from "../../core/modelDefinition";
import type { Triangles } from "../../core/solids/solidGeometry";
import { useGame } from "../../state/game";
import { buildShapeOffThread, stopShapeBuild } from "../../state/miniatureShape";
import { freeId, placeMiniature } from "../../state/miniatures";

type SizeKind = "printed" | "life-28mm" | "life-15mm" | "height";

const toSizeKind = (size: SizeChoice): SizeKind => (size.kind === "life-size" ? (size.scale === "28mm" ? "life-28mm" : "life-15mm") : size.kind);

function geometryOf(triangles: Triangles): BufferGeometry {
  const geometry = new BufferGeometry();
  geometry.setAttribute("position", new BufferAttribute(triangles.positions, 3));
  geometry.setIndex(new BufferAttribute(triangles.indices, 1));
  geometry.computeVertexNormals();
  return geometry;
}

/** `dropAt`: the table point the file was dropped on; from the file picker, the table's centre. */
export function ImportMiniDialog({ file, dropAt, onClose }: { file: File; dropAt?: Vec2; onClose: () => void }) {
  const scenario = useGame((s) => s.state.scenario);
  const [read, setRead] = useState<ModelFileResult>();
  useEffect(() => {
    let live = true;
    void file
      .arrayBuffer()
      .then((bytes) => readModelFile(bytes, file.name))
      .then((r) => live && setRead(r));
    return () => {
      live = false;
    };
  }, [file]);
  const defaultName = file.name.replace(/\.[^.]*$/, "");
  const [name, setName] = useState(defaultName);
  const [up, setUp] = useState<"y" | "z">(file.name.toLowerCase().endsWith(".stl") ? "z" : "y");
  const [sizeKind, setSizeKind] = useState<SizeKind>();
  const [heightCm, setHeightCm] = useState(3.3);
  const [turn, setTurn] = useState(0);
  const [partOf, setPartOf] = useState<PartName[]>();
  const [convex, setConvex] = useState<ReadonlySet<PartName>>(new Set(["figure", "hull", "turret", "gun", "crew", "shield", "base"]));
  const [eyeHeight, setEyeHeight] = useState<number>();
  const [baseWidth, setBaseWidth] = useState(0);
  const [force, setForce] = useState(scenario.forces[0]?.id ?? "");
  const model = read?.ok ? read : undefined;
  useEffect(() => {
    if (!model) return;
    setSizeKind(toSizeKind(guessSize(model, up, scenario.scale)));
    setPartOf(model.meshes.map((m) => guessPart(m.name, model.meshes.length > 1)));
  }, [model, up, scenario.scale]);

  // The geometry once per file, size, turn and parts, in a worker (a 200,000-triangle scan takes seconds);
  // naming it and setting its eye or base, keystroke by keystroke, only finishes that shape.
  const [shape, setShape] = useState<ShapeBuild>();
  useEffect(() => {
    if (!model || !partOf) return;
    const size: SizeChoice =
      sizeKind === "height"
        ? { kind: "height", cm: heightCm }
        : sizeKind === "life-15mm"
          ? { kind: "life-size", scale: "15mm" }
          : sizeKind === "life-28mm"
            ? { kind: "life-size", scale: "28mm" }
            : { kind: "printed" };
    let live = true;
    setShape(undefined);
    void buildShapeOffThread(model, { fileName: file.name, up, size, turn, partOf, convex }).then((answer) => {
      if (live && answer !== "superseded") setShape(answer);
    });
    return () => {
      live = false;
    };
  }, [model, partOf, up, sizeKind, heightCm, turn, convex, file.name]);
  useEffect(() => stopShapeBuild, []);
  const built = useMemo((): BuildResult | undefined => {
    if (!model || !shape) return undefined;
    if (!shape.ok) return shape;
    return finishMiniature(shape, model.triangles, {
      id: freeId(scenario, `mini-${name}`),
      name: name.trim() || defaultName,
      fileName: file.name,
      eyeHeight,
      ...(baseWidth > 0 && { base: { shape: "round", width: baseWidth, thickness: 0.3 } }),
    });
  }, [model, shape, scenario, name, eyeHeight, baseWidth, file.name, defaultName]);

  const error = read && !read.ok ? read.error : built && !built.ok ? built.error : undefined;
  const [placing, setPlacing] = useState(false);
  const place = async () => {
    if (!built?.ok) return;
    const { width, depth } = scenario.table;
    setPlacing(true);
    const placed = await placeMiniature(built.miniature, force, dropAt ?? [width / 2, depth / 2]);
    setPlacing(false);
    if (placed) onClose();
  };
  const partNames = model ? [...new Set(partOf ?? [])] : [];
  return (
    <div className="panel dialog import-mini" role="dialog" aria-label={`Import ${file.name}`} data-testid="import-mini-dialog">
      <h2>Import miniature: {file.name}</h2>
      {!read && <p className="muted">Reading…</p>}
      {model && partOf && !shape && (
        <p className="muted" role="status" data-testid="import-mini-building">
          Building the model ({model.triangles.toLocaleString("en-GB")} triangles)…
        </p>
      )}
      {error && (
        <p className="error" role="alert" data-testid="import-mini-error">
          {error}
        </p>
      )}
      {read && !read.ok && <p className="muted">The battlefield is unchanged.</p>}
      {model && partOf && (
        <div className="import-mini-body">
          <div className="import-mini-preview" data-testid="import-mini-preview">
            {built?.ok && (
              <Preview
                original={built.original}
                colliders={built.miniature.parts.map((p) => ({ positions: Float32Array.from(p.vertices), indices: Uint32Array.from(p.indices) }))}
                height={built.height}
              />
            )}
            <p className="muted">Grey: your model. Orange: what line of sight uses.</p>
          </div>
          <div className="import-mini-form">
            <label>
              Name <input value={name} onChange={(e) => setName(e.target.value)} data-testid="import-mini-name" />
            </label>
            <label>
              Size{" "}
              <select value={sizeKind} onChange={(e) => setSizeKind(e.target.value as SizeKind)} data-testid="import-mini-size">
                <option value="printed">as printed (file in mm)</option>
                <option value="life-28mm">life size → 28 mm (1/56)</option>
                <option value="life-15mm">life size → 15 mm (1/100)</option>
                <option value="height">fit a height</option>
              </select>
            </label>
            {sizeKind === "height" && (
              <label>
                Height cm <input type="number" step={0.1} min={0.2} value={heightCm} onChange={(e) => setHeightCm(Number(e.target.value))} />
              </label>
            )}
            <label>
              Up axis{" "}
              <select value={up} onChange={(e) => setUp(e.target.value as "y" | "z")}>
                <option value="y">y (glTF)</option>
                <option value="z">z (most STL)</option>
              </select>
            </label>
            <label>
              Turn to face front{" "}
              <select value={turn} onChange={(e) => setTurn(Number(e.target.value))}>
                {[0, 90, 180, 270].map((t) => (
                  <option key={t} value={t}>
                    {t}°
                  </option>
                ))}
              </select>
            </label>
            {model.meshes.length > 1 && (
              <fieldset>
                <legend>Parts ({model.meshes.length} meshes)</legend>
                <button type="button" onClick={() => setPartOf(model.meshes.map(() => (partOf.includes("hull") ? "hull" : "figure")))}>
                  All one part
                </button>
                {model.meshes.map((mesh, i) => (
                  <label key={i}>
                    {mesh.name || `mesh ${i + 1}`}{" "}
                    <select value={partOf[i]} onChange={(e) => setPartOf(partOf.map((p, j) => (j === i ? (e.target.value as PartName) : p)))}>
                      {PART_NAMES.map((p) => (
                        <option key={p}>{p}</option>
                      ))}
                    </select>
                  </label>
                ))}
              </fieldset>
            )}
            <fieldset>
              <legend>Colliders</legend>
              {partNames.map((part) => (
                <label key={part}>
                  {part}{" "}
                  <select
                    value={convex.has(part) ? "convex" : "mesh"}
                    onChange={(e) => setConvex(new Set([...convex].filter((p) => p !== part).concat(e.target.value === "convex" ? [part] : [])))}
                  >
                    <option value="convex">convex hull</option>
                    <option value="mesh">simplified mesh (concave)</option>
                  </select>
                </label>
              ))}
            </fieldset>
            <label>
              Eye height cm{" "}
              <input
                type="number"
                step={0.1}
                min={0}
                placeholder="auto"
                value={eyeHeight ?? ""}
                onChange={(e) => setEyeHeight(e.target.value === "" ? undefined : Number(e.target.value))}
              />
            </label>
            <label>
              Round base cm{" "}
              <input type="number" step={0.1} min={0} value={baseWidth} onChange={(e) => setBaseWidth(Number(e.target.value))} title="0: no base" />
            </label>
            <label>
              Side{" "}
              <select value={force} onChange={(e) => setForce(e.target.value)}>
                {scenario.forces.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name || f.side}
                  </option>
                ))}
              </select>
            </label>
            {built?.ok && (
              <p data-testid="import-mini-report">
                {built.height.toFixed(1)} cm tall · triangles: {built.trianglesBefore.toLocaleString("en-GB")} in the file,{" "}
                {built.trianglesAfter.toLocaleString("en-GB")} for sight, {built.trianglesDrawn.toLocaleString("en-GB")} drawn
              </p>
            )}
          </div>
        </div>
      )}
      <div style={{ display: "flex", gap: 6 }}>
        <button type="button" onClick={() => void place()} disabled={!built?.ok || !force || placing} data-testid="import-mini-place">
          Place on table
        </button>
        <span className="muted">{dropAt ? "where you dropped it" : "at the table's centre"}, clear of other bases</span>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function Preview({ original, colliders, height }: { original: readonly Triangles[]; colliders: readonly Triangles[]; height: number }) {
  const meshes = useMemo(() => original.map(geometryOf), [original]);
  const hulls = useMemo(() => colliders.map(geometryOf), [colliders]);
  useEffect(() => () => [...meshes, ...hulls].forEach((g) => g.dispose()), [meshes, hulls]);
  return (
    <Canvas
      camera={{ position: [height * 1.6, height * 1.2, height * 2], fov: 40, near: 0.01, far: 1000 }}
      gl={{ preserveDrawingBuffer: true }}
      style={{ height: 220, background: "#101215" }}
    >
      <ambientLight intensity={0.6} />
      <directionalLight position={[5, 10, 7]} intensity={1.2} />
      {meshes.map((g, i) => (
        <mesh key={`m${i}`} geometry={g}>
          <meshStandardMaterial color="#9aa0a6" />
        </mesh>
      ))}
      {hulls.map((g, i) => (
        <mesh key={`c${i}`} geometry={g}>
          <meshBasicMaterial color="#ff8c1a" wireframe />
        </mesh>
      ))}
      <gridHelper args={[height * 4, 8, "#444", "#2a2a2a"]} />
      <OrbitControls target={[0, height / 2, 0]} />
    </Canvas>
  );
}
