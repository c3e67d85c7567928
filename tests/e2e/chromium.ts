/** Debian's chromium (installed by .ci/ensure-chromium.sh) and the flags that run it headless as root, without a GPU. */
export const CHROMIUM = "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  // WebGL on the CPU: ANGLE over SwiftShader.
  "--use-gl=angle",
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
