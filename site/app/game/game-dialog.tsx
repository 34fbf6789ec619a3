// A modal popup on the native <dialog>: focus moves into it, Escape is handled by the caller (the
// game's popups decide what closing means), and it closes when `open` turns false.
import { useEffect, useId, useRef, type ReactNode } from 'react';

export function GameDialog({
  open,
  title,
  children,
  onCancel,
  className,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Escape pressed; without it Escape does nothing (the popup stays until answered). */
  onCancel?: () => void;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`dialog game-dialog${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel?.();
      }}
    >
      {open ? (
        <>
          <h2 id={titleId}>{title}</h2>
          {children}
        </>
      ) : null}
    </dialog>
  );
}
