/**
 * Where on the table a point of the screen falls (a file dropped on the window): the scene, which owns the
 * camera and the drawn table, provides the answer; the UI asks without knowing the scene.
 */
import type { Vec2 } from "../core/geometry2d";

type Picker = (clientX: number, clientY: number) => Vec2 | undefined;

let picker: Picker | undefined;

export function provideTablePicker(fn: Picker | undefined): void {
  picker = fn;
}

/** The table point under the screen point (CSS pixels of the page), or undefined off the table. */
export function tablePointAt(clientX: number, clientY: number): Vec2 | undefined {
  return picker?.(clientX, clientY);
}
