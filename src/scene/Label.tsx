/** A small text label pinned to a point of the table, for distances and visible percentages. */
import { Html } from "@react-three/drei";
import { useThree } from "@react-three/fiber";
import { Fragment, isValidElement, type ReactNode, useLayoutEffect, useMemo } from "react";
import type { Vec3 } from "../core/solids/solid";

type Tone = "clear" | "partial" | "blocked" | "neutral";

/** A label on the table as plain text: what the video export paints, since the page draws labels as HTML. */
export interface ShownLabel {
  readonly at: Vec3;
  readonly text: string;
  readonly tone: Tone;
  readonly small: boolean;
}

const shown = new Set<ShownLabel>();

/** The labels the table shows now, in the order they were mounted. */
export const shownLabels = (): readonly ShownLabel[] => [...shown];

/** A label's text as the page shows it: inline text runs together, elements (dice) stand apart. */
function textOf(node: ReactNode): string {
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(textOf).join("");
  if (isValidElement<{ children?: ReactNode }>(node)) {
    const inner = textOf(node.props.children);
    return node.type === Fragment ? inner : ` ${inner} `;
  }
  return "";
}

export function Label({
  at,
  children,
  tone = "neutral",
  small = false,
  testId,
}: {
  at: Vec3;
  children: ReactNode;
  tone?: Tone;
  small?: boolean;
  testId?: string;
}) {
  const text = textOf(children).replace(/\s+/g, " ").trim();
  const [x, y, z] = at;
  // Html's own default, the events' element once they connect and the canvas's parent before, changes under a
  // label drawn in the table's first frames (a game restored on load): its element is then mounted twice over
  // one React root, and the label shows nothing and throws when it goes. The canvas's parent never changes.
  const container = useThree((s) => s.gl.domElement.parentNode as HTMLElement);
  const portal = useMemo(() => ({ current: container }), [container]);
  useLayoutEffect(() => {
    const label: ShownLabel = { at: [x, y, z], text, tone, small };
    shown.add(label);
    return () => void shown.delete(label);
  }, [x, y, z, text, tone, small]);
  return (
    // Below the panels (z-index 10): labels must never cover the report.
    <Html position={at} center zIndexRange={[5, 0]} style={{ pointerEvents: "none" }} portal={portal}>
      <div className={`label label-${tone}${small ? " label-small" : ""}`} data-testid={testId}>
        {children}
      </div>
    </Html>
  );
}
