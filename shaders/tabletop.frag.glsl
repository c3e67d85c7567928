// Procedural terrain paint for the tabletop, in world centimetres: flock, hills, roads, fields, water,
// masonry, hedges, scorched wrecks. TABLE_PATTERN (defined per material) keeps only its own pattern in a
// program: CPU-rendered WebGL compiles each program again for every pipeline state it meets, so small
// programs start fast. Included before main() of three's standard material (src/scene/tableMaterial.ts).
// Colours are linear, as three's shaders work in: tableSrgb() converts the ones written as sRGB.
varying vec3 vTableWorld;
varying vec3 vTableNormal;
varying vec2 vTableUv;
// Scenery marked decorative: how far it is washed out towards the table's pale colour.
uniform float uLighten;
// Hills: the height at which the tint is lightest.
uniform float uTopHeight;

vec3 tableSrgb(vec3 c) {
  return pow(c, vec3(2.2));
}

// The plain program (the first frame's) needs none of the helpers.
#if TABLE_PATTERN != 0
float tableHash(vec2 p) {
  p = fract(p * vec2(123.34, 456.21));
  p += dot(p, p + 45.32);
  return fract(p.x * p.y);
}

float tableNoise(vec2 p) {
  vec2 i = floor(p);
  vec2 f = fract(p);
  vec2 u = f * f * (3.0 - 2.0 * f);
  return mix(mix(tableHash(i), tableHash(i + vec2(1.0, 0.0)), u.x), mix(tableHash(i + vec2(0.0, 1.0)), tableHash(i + vec2(1.0, 1.0)), u.x), u.y);
}

float tableFbm(vec2 p) {
  return 0.5 * tableNoise(p) + 0.3 * tableNoise(p * 2.03 + 17.0) + 0.2 * tableNoise(p * 4.01 + 31.0);
}

// Antialiased line of `halfWidth` around the isoline value == 0 (in the value's own units).
float tableLine(float value, float halfWidth) {
  float w = max(fwidth(value), 1e-4);
  return 1.0 - smoothstep(halfWidth, halfWidth + w, abs(value));
}

// Static grass flock: broad patches, small tufts and a speckle of lighter and darker fibres.
vec3 flock(vec3 base, vec2 p) {
  float patches = tableFbm(p * 0.045);
  float tufts = tableNoise(p * 0.9);
  float speckle = tableHash(floor(p * 6.0));
  vec3 c = base * (0.86 + 0.22 * patches) * (0.95 + 0.1 * tufts);
  c = mix(c, tableSrgb(vec3(0.62, 0.58, 0.36)), smoothstep(0.68, 0.9, patches) * 0.35);
  return c * (speckle > 0.93 ? 1.18 : speckle < 0.05 ? 0.82 : 1.0);
}

// Courses of stones (or bricks) on a vertical face: rows in y, staggered joints along the face.
vec3 masonry(vec3 base, vec3 p, vec3 n, vec2 stone) {
  vec2 along = normalize(vec2(-n.z, n.x) + vec2(1e-5));
  bool top = abs(n.y) > 0.7;
  vec2 q = top ? p.xz : vec2(dot(p.xz, along), p.y);
  float row = floor(q.y / stone.y);
  float x = q.x / stone.x + (mod(row, 2.0) * 0.5) + tableHash(vec2(row, 3.1)) * 0.3;
  float col = floor(x);
  vec2 cell = vec2(fract(x), fract(q.y / stone.y));
  float joint = min(min(cell.x, 1.0 - cell.x) * stone.x, min(cell.y, 1.0 - cell.y) * stone.y);
  // Far away a course is a pixel or less: stones and joints fade to their average instead of shimmering.
  float far = smoothstep(0.2, 0.6, max(fwidth(q.x / stone.x), fwidth(q.y / stone.y)));
  float tone = mix(tableHash(vec2(col, row)), 0.5, far);
  float mortar = mix(1.0 - smoothstep(0.02, 0.07, joint), 0.15, far);
  vec3 c = base * (0.78 + 0.36 * tone) * (0.92 + 0.16 * tableNoise(q * 3.0));
  return mix(c, c * 0.45, mortar);
}

// Leaves: clumps of dark and light green with a few bright tips.
vec3 leafy(vec3 base, vec3 p) {
  float clumps = tableFbm(p.xz * 0.9 + p.y * 0.7);
  float leaves = tableNoise(vec2(p.x + p.z, p.y) * 4.0 + p.zx * 2.0);
  vec3 c = base * (0.6 + 0.7 * clumps) * (0.85 + 0.3 * leaves);
  return mix(c, tableSrgb(vec3(0.55, 0.62, 0.3)), smoothstep(0.8, 0.95, leaves) * 0.4);
}
#endif

vec3 tablePattern(vec3 base) {
  vec3 p = vTableWorld;
  vec3 n = normalize(vTableNormal);
  vec2 uv = vTableUv;
#if TABLE_PATTERN == 1
  return flock(base, p.xz);
#elif TABLE_PATTERN == 2
  // Hill: lighter and drier towards the top, a faint contour every 2 cm (the crest line is its own mesh).
  float up = clamp(p.y / max(uTopHeight, 0.1), 0.0, 1.0);
  vec3 c = flock(mix(base, tableSrgb(vec3(0.64, 0.62, 0.36)), up * 0.55), p.xz) * (0.9 + 0.18 * up);
  return c * (1.0 - 0.14 * tableLine(fract(p.y / 2.0 + 0.5) - 0.5, 0.02) * step(0.3, p.y));
#elif TABLE_PATTERN == 3
  // Road (uv.y across, -1..1): packed earth, two wheel ruts, grass creeping in at the verges.
  float across = abs(uv.y);
  vec3 c = base * (0.85 + 0.25 * tableFbm(p.xz * 0.35)) * (0.92 + 0.12 * tableHash(floor(p.xz * 5.0)));
  c *= 1.0 - 0.22 * smoothstep(0.14, 0.0, abs(across - 0.45));
  return mix(c, flock(tableSrgb(vec3(0.45, 0.52, 0.28)), p.xz), smoothstep(0.8, 1.0, across + 0.15 * tableNoise(p.xz * 0.8)));
#elif TABLE_PATTERN == 4
  // Crop field: rows of plants with darker furrows between them.
  float rows = sin((p.x * 0.6 + p.z * 0.8) * 3.2);
  vec3 c = base * (0.8 + 0.35 * tableFbm(p.xz * 0.2));
  return c * mix(0.72, 1.08, smoothstep(-0.3, 0.5, rows)) * (0.92 + 0.16 * tableHash(floor(p.xz * 4.0)));
#elif TABLE_PATTERN == 5
  // Water (uv.y across, -1..1; 0 for a pond's open water): deeper in the middle, muddy banks, ripples.
  float across = abs(uv.y);
  float ripples = tableNoise(vec2(p.x * 0.6 + p.z * 0.2, p.z * 1.6 - p.x * 0.3));
  vec3 deep = base * 0.7;
  vec3 c = mix(deep, base * 1.15, smoothstep(0.2, 0.95, across));
  c = mix(c, tableSrgb(vec3(0.42, 0.38, 0.26)), smoothstep(0.9, 1.0, across));
  return c * (0.9 + 0.2 * ripples) + vec3(0.12) * smoothstep(0.82, 0.95, ripples);
#elif TABLE_PATTERN == 6
  return masonry(base, p, n, vec2(1.1, 0.45));
#elif TABLE_PATTERN == 7
  return masonry(base, p, n, vec2(0.55, 0.22));
#elif TABLE_PATTERN == 8
  return leafy(base, p);
#elif TABLE_PATTERN == 9
  // Bocage (uv.y: height over the bank's height): an earth bank under its hedge.
  float bank = smoothstep(0.42, 0.5, uv.y + 0.08 * tableNoise(p.xz * 1.5 + p.y));
  vec3 earth = tableSrgb(vec3(0.42, 0.34, 0.22)) * (0.8 + 0.35 * tableFbm(p.xz * 1.3 + p.y * 2.0));
  return mix(mix(earth, flock(tableSrgb(vec3(0.36, 0.45, 0.22)), p.xz + p.y), 0.45), leafy(base, p), bank);
#elif TABLE_PATTERN == 10
  // Woodland floor: leaf litter, moss and bare earth.
  float f = tableFbm(p.xz * 0.3);
  return mix(base, tableSrgb(vec3(0.36, 0.28, 0.17)), smoothstep(0.45, 0.7, f)) * (0.85 + 0.3 * tableNoise(p.xz * 2.5));
#elif TABLE_PATTERN == 11
  // Burnt-out vehicle: soot over the paint, rust in patches.
  float soot = tableFbm(p.xz * 0.7 + p.y * 1.3);
  vec3 c = mix(base, tableSrgb(vec3(0.08, 0.07, 0.06)), smoothstep(0.35, 0.65, soot));
  return mix(c, tableSrgb(vec3(0.45, 0.22, 0.1)), smoothstep(0.72, 0.85, tableNoise(p.xz * 2.0 + p.y * 3.0)) * 0.8);
#elif TABLE_PATTERN == 12
  // Crater or foxhole (uv.x: distance from the centre over the radius): dark scorched bowl, a raised
  // rim of thrown earth, then the ground.
  float r = uv.x + 0.08 * (tableNoise(p.xz * 1.5) - 0.5);
  vec3 bowl = mix(tableSrgb(vec3(0.16, 0.13, 0.1)), tableSrgb(vec3(0.33, 0.26, 0.18)), smoothstep(0.0, 0.75, r));
  vec3 rim = tableSrgb(vec3(0.5, 0.41, 0.28)) * (0.85 + 0.3 * tableNoise(p.xz * 4.0));
  return mix(bowl, rim, smoothstep(0.65, 0.85, r));
#elif TABLE_PATTERN == 13
  // Sandbags: rows of rounded bags, each shaded to its middle.
  vec3 c = masonry(base, p, n, vec2(1.2, 0.4));
  return c * (0.9 + 0.15 * tableNoise(p.xz * 6.0 + p.y));
#elif TABLE_PATTERN == 14
  // Rough ground: scrub, stones and bare patches.
  float f = tableFbm(p.xz * 0.5);
  vec3 c = mix(base, tableSrgb(vec3(0.38, 0.44, 0.24)), smoothstep(0.4, 0.65, f));
  return c * (tableHash(floor(p.xz * 3.0)) > 0.9 ? 1.3 : 0.9 + 0.2 * tableNoise(p.xz * 3.0));
#else
  return base;
#endif
}
