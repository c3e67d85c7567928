/**
 * The source's distances, kept as the cm of its inch/cm pairs (1" = 2.5 cm in every pair): 16"/40 cm is
 * 40 cm, not 16 × 2.54. "Beyond X" is > X; "up to/within X" is ≤ X (digest §0.1).
 */
export const SOURCE_CM = {
  /** 16"/40 cm: rifles' and MGs' range, the long-range band (+1 to hit, +1 armour), allocation rule 4. */
  longRange: 40,
  /** 6"/15 cm: sight inside area terrain taller than both models. */
  areaSight: 15,
  /** 4"/10 cm: dismounting under fire. */
  dismount: 10,
  /** 8"/20 cm: charging into contact and counterattacking (003 l.63; 12"/30 cm under Quality of Quantity). */
  charge: 20,
} as const;

/** The source's pair for a distance in cm: 40 → 16"/40 cm. */
export function sourcePair(cm: number): string {
  const inches = cm / 2.5;
  const round = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
  return `${round(inches)}"/${round(cm)} cm`;
}

export const isLongRange = (rangeCm: number): boolean => rangeCm > SOURCE_CM.longRange;
