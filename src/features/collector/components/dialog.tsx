import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

interface Props {
  isOpen: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  closeText?: string;
  className?: string;
}

/**
 * A modal dialog on the native <dialog> element: focus is kept inside, Escape closes it, the page
 * behind is inert. Native rather than IonModal, which would add ion-modal to every screen's first
 * download (Ionic's React wrappers all live in one shared chunk).
 */
export function Dialog({ isOpen, title, onClose, children, closeText = 'Close', className = '' }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) {
      return;
    }
    if (isOpen && !dialog.open) {
      dialog.showModal();
    } else if (!isOpen && dialog.open) {
      dialog.close();
    }
  }, [isOpen]);

  // Rendered at the end of <body>: opened from a toolbar, it must not inherit the toolbar's styles.
  return createPortal(
    <dialog
      ref={ref}
      className={`dialog ${className}`}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // A tap on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === ref.current) {
          onClose();
        }
      }}
    >
      <div className="dialog__frame">
        <header className="dialog__head">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="dialog__close" onClick={onClose}>
            {closeText}
          </button>
        </header>
        <div className="dialog__body">{isOpen ? children : null}</div>
      </div>
    </dialog>,
    document.body,
  );
}
