/** A panel that folds down to its title bar, so the table behind it can be seen. */
import type { CSSProperties, ReactNode } from "react";

export function Collapsible({
  title,
  collapsed,
  onToggle,
  className,
  testId,
  actions,
  maxHeight,
  children,
}: {
  title: ReactNode;
  collapsed: boolean;
  onToggle: () => void;
  className: string;
  testId: string;
  /** Buttons in the title bar, shown folded or not. */
  actions?: ReactNode;
  /** A height (px) it keeps within besides its own (app.css: --limit), its body scrolling. */
  maxHeight?: number;
  children: ReactNode;
}) {
  return (
    <div
      className={`panel ${className}${collapsed ? " collapsed" : ""}`}
      data-testid={testId}
      style={maxHeight === undefined ? undefined : ({ "--limit": `${maxHeight}px` } as CSSProperties)}
    >
      <div className="panel-title">
        <button
          type="button"
          className="fold"
          onClick={onToggle}
          aria-expanded={!collapsed}
          title={collapsed ? "Show" : "Fold away"}
          data-testid={`${testId}-fold`}
        >
          {collapsed ? "▸" : "▾"}
        </button>
        <h2>{title}</h2>
        {actions}
      </div>
      {!collapsed && <div className="panel-body">{children}</div>}
    </div>
  );
}
