import { useEffect, useId, useRef, type ReactNode } from 'react';

interface AdminDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** 'alert' for confirmations: screen readers announce them as such. */
  role?: 'dialog' | 'alertdialog';
  wide?: boolean;
}

/**
 * A modal on the platform's <dialog>: focus moves in and is held there, Escape closes, the page
 * behind is inert, and no overlay code joins the first download (IonModal would).
 */
export function AdminDialog({ open, title, onClose, children, role = 'dialog', wide }: AdminDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) {
      return;
    }
    if (open && !dialog.open) {
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={wide ? 'admin-dialog admin-dialog--wide' : 'admin-dialog'}
      role={role}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <>
          <h2 id={titleId} className="admin-dialog__title">
            {title}
          </h2>
          {children}
        </>
      )}
    </dialog>
  );
}
