/** A panel that folds down to its title bar, so the table behind it can be seen. */
import type { ReactNode } from "react";

export function Collapsible({
  title,
  collapsed,
  onToggle,
  className,
  testId,
  actions,
  children,
}: {
  title: ReactNode;
  collapsed: boolean;
  onToggle: () => void;
  className: string;
  testId: string;
  /** Buttons in the title bar, shown folded or not. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`panel ${className}${collapsed ? " collapsed" : ""}`} data-testid={testId}>
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
