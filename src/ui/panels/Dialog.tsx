/**
 * A dialog of the app: drawn over the panels and the help (in a portal on the page's body, so the toolbar's
 * stacking cannot keep it under them), and closed with Esc, the one opened last first.
 */
import { type ReactNode, useEffect, useRef } from "react";
import { createPortal } from "react-dom";

/** The dialogs open now, oldest first: Esc closes the last. */
const openDialogs: object[] = [];

/** Keys typed into a field are the field's: Esc there cancels the typing (a rename), not the dialog. */
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || (target instanceof HTMLInputElement && target.type !== "checkbox");

export function Dialog({
  label,
  testId,
  className = "panel dialog",
  role = "dialog",
  modal = false,
  onClose,
  children,
}: {
  label: string;
  testId: string;
  className?: string;
  role?: "dialog" | "alertdialog";
  /** A question that must be answered first: drawn over every other dialog, the page dimmed behind it. */
  modal?: boolean;
  /** What Esc does; absent: Esc leaves it open (a dialog that must be answered). */
  onClose?: () => void;
  children: ReactNode;
}) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const token = {};
    openDialogs.push(token);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || openDialogs.at(-1) !== token || typingIn(e.target)) return;
      // Before the table's shortcuts (Esc there clears the selection): this Esc was for the dialog.
      e.stopImmediatePropagation();
      close.current?.();
    };
    window.addEventListener("keydown", onKey, true);
    return () => {
      openDialogs.splice(openDialogs.indexOf(token), 1);
      window.removeEventListener("keydown", onKey, true);
    };
  }, []);
  const dialog = (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is "dialog" or "alertdialog", both named by aria-label
    <div className={className} role={role} aria-label={label} aria-modal={modal || undefined} data-testid={testId}>
      {children}
    </div>
  );
  return createPortal(modal ? <div className="modal">{dialog}</div> : dialog, document.body);
}
