// A soft puff: dense in the middle, fading to nothing at its edge, a little darker underneath.
uniform vec3 color;
uniform float opacity;
varying float vShade;
void main() {
  vec2 d = gl_PointCoord - 0.5;
  float r = length(d) * 2.0;
  if (r > 1.0) discard;
  float soft = pow(1.0 - r * r, 1.5);
  vec3 c = color * (0.78 + 0.22 * vShade) * (1.0 - 0.18 * gl_PointCoord.y);
  gl_FragColor = vec4(c, soft * opacity);
}
