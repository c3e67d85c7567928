/**
 * The unit fields Bolt Action reads from the battlefield, as the editor asks them: the troops' quality (001
 * l.40–45: Inexperienced 8, Regular 9, Veteran 10 morale) and an officer's rank (l.47–52: +1 to +4 morale).
 * The choices' morale numbers come from the shipped orders table.
 */
import type { UnitField } from "../questions";
import { BA_TABLES } from "./tables";
import { QUALITIES } from "./types";

const { morale, officers } = BA_TABLES.data.orders;
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).replace(/-/g, " ");

export const BA_UNIT_FIELDS: readonly UnitField[] = [
  {
    id: "quality",
    kind: "choice",
    label: "quality",
    rule: "§2",
    choices: QUALITIES.map((q) => ({ value: q, label: `${capitalised(q)} (morale ${morale[q]})` })),
    unset: "its models' profile (sample)",
    help: "The troops' quality: their morale and the damage value to kill them.",
  },
  {
    id: "rank",
    kind: "choice",
    label: "officer",
    rule: "§2.1",
    choices: Object.entries(officers).map(([rank, bonus]) => ({ value: rank, label: `${capitalised(rank)} (+${bonus} morale)` })),
    unset: "no officer",
    help: "An officer's rank: the morale bonus it gives its own unit and units near it.",
  },
];
