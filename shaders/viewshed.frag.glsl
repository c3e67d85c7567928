// Seen ground in green, hidden ground in a dim red, and a bright line where sight ends, so the edge of
// what a model can see reads at a glance. `fwidth` keeps that line one or two pixels wide at any zoom.
uniform vec3 seenColor;
uniform vec3 hiddenColor;
uniform float opacity;
varying float vVisibility;

void main() {
  float seen = smoothstep(0.35, 0.65, vVisibility);
  float edgeWidth = max(fwidth(vVisibility) * 1.5, 1e-4);
  float edge = 1.0 - smoothstep(0.0, edgeWidth, abs(vVisibility - 0.5));
  vec3 colour = mix(hiddenColor, seenColor, seen);
  colour = mix(colour, vec3(1.0, 0.95, 0.6), edge);
  gl_FragColor = vec4(colour, opacity * mix(0.55, 0.8, seen) + edge * 0.4);
}
