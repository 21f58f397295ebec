import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import './dialog.css';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  /** Escape, the backdrop and the close button call it; omit it for a dialog that needs an answer. */
  onClose?: () => void;
  children: ReactNode;
  /** Buttons at the bottom (the first focusable element gets focus unless `initialFocusRef` says otherwise). */
  actions?: ReactNode;
  /** `alertdialog` for confirmations and warnings that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
}

/**
 * A modal dialog on the native `<dialog>`: `showModal()` moves focus in, keeps it there, makes
 * the page behind inert and turns Escape into a `cancel` event. Focus returns to where it was
 * when the dialog closes.
 */
export function Dialog({ open, ...props }: DialogProps) {
  return open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({
  title,
  onClose,
  children,
  actions,
  role = 'dialog',
  initialFocusRef,
  className,
}: Omit<DialogProps, 'open'>) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = dialogRef.current!;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    // The `open` prop decides: Escape only asks the owner to close.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current?.();
    };
    // Chrome closes a modal dialog on a second Escape even when `cancel` is prevented; a dialog
    // that needs an answer opens again.
    const onNativeClose = () => {
      if (onCloseRef.current) onCloseRef.current();
      else dialog.showModal();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    dialog.showModal();
    initialFocusRef?.current?.focus();
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      dialog.close();
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [initialFocusRef]);

  return (
    <dialog
      ref={dialogRef}
      className={['dialog', className].filter(Boolean).join(' ')}
      // `dialog` is the element's own role; only alertdialog needs saying.
      role={role === 'alertdialog' ? role : undefined}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      // The panel fills the dialog, so only a press on the backdrop targets the dialog itself.
      onMouseDown={(event) => event.target === event.currentTarget && onClose?.()}
    >
      <div className="dialog__panel">
        <div className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {onClose && (
            <button type="button" className="dialog__close" aria-label="Close" onClick={onClose}>
              ×
            </button>
          )}
        </div>
        <div id={bodyId} className="dialog__body">
          {children}
        </div>
        {actions && <div className="dialog__actions">{actions}</div>}
      </div>
    </dialog>
  );
}
