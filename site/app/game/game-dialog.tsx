// A modal popup on the native <dialog>: focus moves into it, Escape is handled by the caller (the
// game's popups decide what closing means), and it closes when `open` turns false. A popup that is
// read from its top (game over) takes focus on its title and opens scrolled to it; one with a
// `footer` keeps that row in view below a body that scrolls.
import { useEffect, useId, useRef, type ReactNode } from 'react';

export function GameDialog({
  open,
  title,
  children,
  onCancel,
  className,
  focusTitle = false,
  footer,
  aside,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Escape pressed; without it Escape does nothing (the popup stays until answered). */
  onCancel?: () => void;
  className?: string;
  /** Focus lands on the title (the popup is read from its top), not on its first button. */
  focusTitle?: boolean;
  /** Always in view under the scrolling body (the popup's actions). */
  footer?: ReactNode;
  /** Beside the title (a small action, e.g. putting the popup away). */
  aside?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      if (focusTitle) {
        heading.current?.focus({ preventScroll: true });
        for (const scroller of [dialog, ...dialog.querySelectorAll('.game-dialog__body')]) {
          scroller.scrollTop = 0;
        }
      }
    }
    if (!open && dialog.open) dialog.close();
  }, [open, focusTitle]);

  const heading_ = (
    <h2 id={titleId} ref={heading} tabIndex={focusTitle ? -1 : undefined}>
      {title}
    </h2>
  );
  const head = aside ? (
    <div className="game-dialog__head">
      {heading_}
      {aside}
    </div>
  ) : (
    heading_
  );
  return (
    <dialog
      ref={ref}
      className={`dialog game-dialog${footer ? ' game-dialog--split' : ''}${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel?.();
      }}
    >
      {open ? (
        footer ? (
          <>
            <div className="game-dialog__body">
              {head}
              {children}
            </div>
            <div className="game-dialog__footer">{footer}</div>
          </>
        ) : (
          <>
            {head}
            {children}
          </>
        )
      ) : null}
    </dialog>
  );
}
