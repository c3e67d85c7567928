/** Centimetres are the unit everywhere inside Hulldown; inches exist only at the edges (UI, rule systems). */
export const CM_PER_INCH = 2.54;

export const inchesToCm = (inches: number): number => inches * CM_PER_INCH;
export const cmToInches = (cm: number): number => cm / CM_PER_INCH;

export type LengthUnit = "cm" | "in";

export function formatLength(cm: number, unit: LengthUnit, digits = 1): string {
  return unit === "cm" ? `${cm.toFixed(digits)} cm` : `${cmToInches(cm).toFixed(digits)}"`;
}

export const degToRad = (deg: number): number => (deg * Math.PI) / 180;
export const radToDeg = (rad: number): number => (rad * 180) / Math.PI;

/** Wraps an angle in degrees into (-180, 180]. */
export function wrapDegrees(deg: number): number {
  const wrapped = ((deg % 360) + 360) % 360;
  return wrapped > 180 ? wrapped - 360 : wrapped;
}

/** A heading as players read it: whole degrees 0–359. */
export function formatHeading(deg: number): string {
  return `${((Math.round(deg) % 360) + 360) % 360}°`;
}
