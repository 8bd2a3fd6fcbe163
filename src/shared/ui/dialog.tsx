import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './dialog.css';

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** 'alertdialog' for confirmations: screen readers announce them as such. */
  role?: 'dialog' | 'alertdialog';
  wide?: boolean;
  /**
   * A button in the dialog's head ("Close", "Cancel"); with it a tap on the backdrop closes too.
   * Without it the dialog's own buttons are the way out (a form must not vanish on a stray tap).
   */
  closeText?: string;
  className?: string;
  /** At the end of <body>: a dialog opened from a toolbar must not inherit the toolbar's styles. */
  inBody?: boolean;
}

/**
 * The app's one modal, on the platform's <dialog>: focus moves in and is held there, Escape closes,
 * the page behind is inert. Native rather than IonModal, which would add ion-modal to every
 * screen's first download; the collector opens it too, so it stays this small.
 */
export function Dialog({ open, title, onClose, children, role = 'dialog', wide, closeText, className, inBody }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (open && dialog && !dialog.open) {
      dialog.showModal();
    } else if (!open && dialog?.open) {
      dialog.close();
    }
  }, [open]);

  const element = (
    <dialog
      ref={ref}
      className={`dialog${wide ? ' dialog--wide' : ''} ${className ?? ''}`}
      role={role}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // The owner's state closes it, so an Escape and a button leave the same way.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // The dialog element itself is hit only outside its content: the backdrop.
        if (closeText && event.target === ref.current) {
          onClose();
        }
      }}
    >
      {open && (
        <div className="dialog__frame">
          <header className="dialog__head">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            {closeText && (
              <button type="button" className="dialog__close" onClick={onClose}>
                {closeText}
              </button>
            )}
          </header>
          <div className="dialog__body">{children}</div>
        </div>
      )}
    </dialog>
  );
  return inBody ? createPortal(element, document.body) : element;
}
