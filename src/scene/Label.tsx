/** A small text label pinned to a point of the table, for distances and visible percentages. */
import { Html } from "@react-three/drei";
import type { ReactNode } from "react";
import type { Vec3 } from "../core/solids/solid";

export function Label({ at, children, tone = "neutral", small = false, testId }: { at: Vec3; children: ReactNode; tone?: "clear" | "partial" | "blocked" | "neutral"; small?: boolean; testId?: string }) {
  return (
    // Below the panels (z-index 10): labels must never cover the report.
    <Html position={at} center zIndexRange={[5, 0]} style={{ pointerEvents: "none" }}>
      <div className={`label label-${tone}${small ? " label-small" : ""}`} data-testid={testId}>
        {children}
      </div>
    </Html>
  );
}
