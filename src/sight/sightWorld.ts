/**
 * The sight world: a Rapier world holding one collider per solid of the battlefield, each tagged with its
 * owner, part and kind. Terrain is static; each model is a kinematic body whose colliders are its parts, so
 * moving, turning or traversing a model moves colliders and never rebuilds the world.
 */
import { type Battlefield, createBattlefield, type ModelEntry, modelPose, poseRotation } from "../core/battlefield";
import type { Model } from "../core/scenario/schema";
import { modelFrameSolids, terrainSolids } from "../core/solids/battlefieldSolids";
import { toWorld } from "../core/solids/featureSolids";
import type { Solid, SolidKind, Vec3 } from "../core/solids/solid";
import { colliderDesc, initRapier, RAPIER, reserveForModels } from "./rapier";

export interface ColliderTag {
  readonly owner: string;
  readonly part: string;
  readonly kind: SolidKind;
}

export interface RayHit {
  readonly tag: ColliderTag;
  /** Distance from the ray's start, cm. */
  readonly distance: number;
  readonly point: Vec3;
}

export interface CastOptions {
  /** The model whose body the ray starts in: never hit. */
  readonly fromModel?: string;
  /** Owners the ray passes through (the shooter's own unit). */
  readonly ignoreOwners?: ReadonlySet<string>;
  /** Only solids of these kinds stop the ray (a model put down looks for floors, not roofs). */
  readonly onlyKinds?: ReadonlySet<SolidKind>;
}

interface ModelBody {
  readonly body: RAPIER.RigidBody;
  colliders: RAPIER.Collider[];
  /** Part solids in the model frame, in collider order. */
  localSolids: Solid[];
}

export class SightWorld {
  private readonly tags = new Map<number, ColliderTag>();
  private readonly bodies = new Map<string, ModelBody>();
  private readonly worldSolids = new Map<string, readonly Solid[]>();
  /**
   * The ray's start and direction in Rapier's memory, reused by every cast. World.castRay would allocate and
   * free two such vectors, wrap a filter callback that WebAssembly calls for every collider the ray meets,
   * and wrap the hit in a Collider: about a quarter of a report's time (castRay below).
   */
  private readonly rayOrigin = RAPIER.VectorOps.intoRaw({ x: 0, y: 0, z: 0 });
  private readonly rayDirection = RAPIER.VectorOps.intoRaw({ x: 0, y: 0, z: 1 });
  readonly staticSolids: readonly Solid[];
  private current: Battlefield;
  /** Rays cast so far (for benchmarks and progress). */
  raysCast = 0;
  /** Inside batch(): settle once at its end. */
  private batching = false;

  /** Builds the world; loads Rapier's WebAssembly on first use. */
  static async create(battlefield: Battlefield): Promise<SightWorld> {
    await initRapier();
    return new SightWorld(battlefield);
  }

  private readonly world = new RAPIER.World({ x: 0, y: 0, z: 0 });

  private constructor(battlefield: Battlefield) {
    this.current = battlefield;
    reserveForModels(battlefield.models.size);
    this.staticSolids = terrainSolids(battlefield);
    for (const solid of this.staticSolids) this.addCollider(solid);
    for (const entry of battlefield.models.values()) this.attachBody(entry);
    this.settle();
  }

  /** The battlefield as it stands now, with every move applied. */
  get battlefield(): Battlefield {
    return this.current;
  }

  tagOf(collider: RAPIER.Collider): ColliderTag {
    const tag = this.tags.get(collider.handle);
    if (!tag) throw new Error(`collider ${collider.handle} has no tag`);
    return tag;
  }

  private addCollider(solid: Solid, body?: RAPIER.RigidBody): RAPIER.Collider {
    const [qx, qy, qz, qw] = solid.rotation;
    // Density 0: nothing here is simulated, and Rapier then skips each shape's mass properties.
    const desc = colliderDesc(solid.shape)
      .setTranslation(...solid.position)
      .setRotation({ x: qx, y: qy, z: qz, w: qw })
      .setDensity(0);
    const collider = this.world.createCollider(desc, body);
    this.tags.set(collider.handle, { owner: solid.owner, part: solid.part, kind: solid.kind });
    return collider;
  }

  /** A model's body and part colliders; its entry must already be in the current battlefield. */
  private attachBody(entry: ModelEntry): void {
    const body = this.world.createRigidBody(RAPIER.RigidBodyDesc.kinematicPositionBased());
    const localSolids = modelFrameSolids(entry);
    const colliders = localSolids.map((s) => this.addCollider(s, body));
    this.bodies.set(entry.model.id, { body, colliders, localSolids });
    this.placeBody(body, entry.model);
  }

  /** Puts a new model on the table (placed, or brought on as a reinforcement). */
  addModel(entry: ModelEntry): void {
    if (this.current.models.has(entry.model.id)) throw new Error(`model "${entry.model.id}" is already in the sight world`);
    this.current = { ...this.current, models: new Map(this.current.models).set(entry.model.id, entry) };
    this.attachBody(entry);
    this.settle();
  }

  /** Takes a model off the table (a casualty, a destroyed vehicle): its colliders go with it. */
  removeModel(id: string): void {
    const body = this.bodies.get(id);
    if (!body) throw new Error(`no model "${id}" in the sight world`);
    for (const c of body.colliders) this.tags.delete(c.handle);
    this.world.removeRigidBody(body.body);
    this.bodies.delete(id);
    this.worldSolids.delete(id);
    const models = new Map(this.current.models);
    models.delete(id);
    this.current = { ...this.current, models };
    this.settle();
  }

  /** Makes several changes (a whole unit moving) with one settle at the end instead of one each. */
  batch(changes: () => void): void {
    this.batching = true;
    try {
      changes();
    } finally {
      this.batching = false;
      this.settle();
    }
  }

  /** Moves the colliders to their bodies' new poses, so the next ray sees them there. */
  private settle(): void {
    if (this.batching) return;
    this.world.propagateModifiedBodyPositionsToColliders();
    this.world.step();
  }

  private placeBody(body: RAPIER.RigidBody, model: Model): void {
    const pose = modelPose(this.current, model, this.current.models.get(model.id)!.def);
    const [x, y, z, w] = poseRotation(pose);
    body.setTranslation({ x: pose.x, y: pose.y, z: pose.z }, false);
    body.setRotation({ x, y, z, w }, false);
  }

  /**
   * Applies a model's new state (position, heading, turret, floor, figure height): its colliders move with
   * it, and parts are reshaped only when the turret or the figure height changed.
   */
  updateModel(model: Model): void {
    const entry = this.current.models.get(model.id);
    const body = this.bodies.get(model.id);
    if (!entry || !body) throw new Error(`no model "${model.id}" in the sight world`);
    if (model.model !== entry.model.model) throw new Error(`model "${model.id}" cannot change its definition in a move`);
    const updated: ModelEntry = { ...entry, model };
    this.worldSolids.delete(model.id);
    const models = new Map(this.current.models).set(model.id, updated);
    this.current = { ...this.current, models };
    if (model.turretHeading !== entry.model.turretHeading || model.figureHeight !== entry.model.figureHeight) {
      body.localSolids = modelFrameSolids(updated);
      body.localSolids.forEach((s, i) => {
        const c = body.colliders[i]!;
        c.setTranslationWrtParent({ x: s.position[0], y: s.position[1], z: s.position[2] });
        c.setRotationWrtParent({ x: s.rotation[0], y: s.rotation[1], z: s.rotation[2], w: s.rotation[3] });
      });
    }
    this.placeBody(body.body, model);
    this.settle();
  }

  /** A model's part solids in the world frame, as they stand now (the same array until the model changes). */
  modelSolids(id: string): readonly Solid[] {
    const cached = this.worldSolids.get(id);
    if (cached) return cached;
    const entry = this.current.models.get(id);
    const body = this.bodies.get(id);
    if (!entry || !body) throw new Error(`no model "${id}" in the sight world`);
    const solids = toWorld(body.localSolids, modelPose(this.current, entry.model, entry.def));
    this.worldSolids.set(id, solids);
    return solids;
  }

  /** Every solid in the world frame: terrain, then each model. */
  allSolids(): Solid[] {
    return [...this.staticSolids, ...[...this.current.models.keys()].flatMap((id) => this.modelSolids(id))];
  }

  /**
   * The first solid on the segment from → to, or null when the segment is clear. Passes through the
   * model the ray starts in and through the ignored owners.
   */
  castSegment(from: Vec3, to: Vec3, options: CastOptions = {}): RayHit | null {
    const dx = to[0] - from[0];
    const dy = to[1] - from[1];
    const dz = to[2] - from[2];
    const length = Math.hypot(dx, dy, dz);
    if (length === 0) return null;
    this.raysCast++;
    const o = this.rayOrigin;
    const d = this.rayDirection;
    o.x = from[0];
    o.y = from[1];
    o.z = from[2];
    d.x = dx / length;
    d.y = dy / length;
    d.z = dz / length;
    const fromBody = options.fromModel ? this.bodies.get(options.fromModel)?.body.handle : undefined;
    let hit = this.castRay(length, fromBody);
    if (hit && passesThrough(this.tags.get(hit.handle)!, options)) {
      // Rare: a unit-mate (or a solid of another kind) stands in the way. Cast again, filtering in JavaScript.
      hit = this.castRay(length, fromBody, (handle) => !passesThrough(this.tags.get(handle)!, options));
    }
    if (!hit) return null;
    const t = hit.distance;
    return { tag: this.tags.get(hit.handle)!, distance: t, point: [from[0] + (dx / length) * t, from[1] + (dy / length) * t, from[2] + (dz / length) * t] };
  }

  /** The first collider along the ray set in rayOrigin and rayDirection, through Rapier's query pipeline itself. */
  private castRay(maxDistance: number, excludeBody: number | undefined, keep?: (handle: number) => boolean): { handle: number; distance: number } | null {
    const w = this.world;
    const raw = w.broadPhase.raw.castRay(
      w.narrowPhase.raw,
      w.bodies.raw,
      w.colliders.raw,
      this.rayOrigin,
      this.rayDirection,
      maxDistance,
      true,
      0,
      undefined,
      undefined,
      excludeBody,
      // Typed as a Function, but WebAssembly skips the filter when it is not one.
      keep as never,
    );
    if (!raw) return null;
    const hit = { handle: raw.colliderHandle(), distance: raw.timeOfImpact() };
    raw.free();
    return hit;
  }

  dispose(): void {
    this.rayOrigin.free();
    this.rayDirection.free();
    this.world.free();
  }
}

/** Whether a ray cast with these options goes through this collider (an ignored owner, a kind not asked for). */
function passesThrough(tag: ColliderTag, { ignoreOwners, onlyKinds }: CastOptions): boolean {
  return ignoreOwners?.has(tag.owner) === true || (onlyKinds !== undefined && !onlyKinds.has(tag.kind));
}

/** Builds a sight world straight from a scenario and a catalog. */
export async function createSightWorld(...args: Parameters<typeof createBattlefield>): Promise<SightWorld> {
  return SightWorld.create(createBattlefield(...args));
}
