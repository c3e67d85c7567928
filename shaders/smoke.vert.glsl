// Smoke puffs as round sprites sized in world centimetres (src/scene/SmokeClouds.tsx).
attribute float size;
attribute float shade;
uniform float pixelsPerUnit;
varying float vShade;
void main() {
  vec4 view = modelViewMatrix * vec4(position, 1.0);
  gl_Position = projectionMatrix * view;
  gl_PointSize = size * pixelsPerUnit / max(-view.z, 1.0);
  vShade = shade;
}
