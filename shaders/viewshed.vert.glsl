// Viewshed overlay: a mesh draped over the table's surface, one vertex per grid cell, carrying whether
// the observer sees that cell (1) or not (0). The fragment shader colours the interpolated value.
attribute float visibility;
varying float vVisibility;

void main() {
  vVisibility = visibility;
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
}
