/** Colour statistics of a screenshot, decoded by the browser itself (no image library in Node). */
import type { Page } from "playwright-core";

export interface Colours {
  /** Distinct RGB colours. */
  readonly distinct: number;
  /** Share of the pixels that have the most common colour (the background, on an empty canvas). */
  readonly dominantShare: number;
}

export function colours(page: Page, png: Buffer): Promise<Colours> {
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
    const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext("2d")!;
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    const counts = new Map<number, number>();
    for (let i = 0; i < data.length; i += 4) {
      const rgb = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
      counts.set(rgb, (counts.get(rgb) ?? 0) + 1);
    }
    let dominant = 0;
    for (const n of counts.values()) dominant = Math.max(dominant, n);
    return { distinct: counts.size, dominantShare: dominant / (data.length / 4) };
  }, png.toString("base64"));
}

export type Rgb = readonly [number, number, number];

/**
 * The RGB of the pixels of a rectangle of a screenshot (CSS pixels at device scale 1), row by row: every
 * pixel, or every `step`-th one across and down (large regions travel back to Node faster).
 */
export function regionPixels(page: Page, png: Buffer, rect: { x: number; y: number; width: number; height: number }, step = 1): Promise<Rgb[]> {
  return page.evaluate(
    async ({ base64, rect: r, every }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
      const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext("2d")!;
      context.drawImage(bitmap, 0, 0);
      const { data } = context.getImageData(r.x, r.y, r.width, r.height);
      const pixels: Array<[number, number, number]> = [];
      for (let y = 0; y < r.height; y += every) {
        for (let x = 0; x < r.width; x += every) {
          const i = (y * r.width + x) * 4;
          pixels.push([data[i]!, data[i + 1]!, data[i + 2]!]);
        }
      }
      return pixels;
    },
    { base64: png.toString("base64"), rect, every: step },
  );
}
