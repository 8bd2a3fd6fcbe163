import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { AdminDialog } from '../../../shared/admin/admin-dialog';
import { AdminPicker, type PickerQuery } from '../../../shared/admin/admin-picker';

interface PickerDialogProps<T> {
  open: boolean;
  title: string;
  /** "Search the organization's members" */
  searchLabel: string;
  /** Called with the search as typed, 300 ms after the last keystroke. */
  onSearch: (search: string) => void;
  query: PickerQuery<T>;
  fetchErrorText: string;
  keyOf: (item: T) => string;
  labelOf: (item: T) => string;
  detailOf: (item: T) => string;
  /** Already there: listed, but nothing to add. */
  isChosen: (item: T) => boolean;
  chosenText: string;
  onPick: (item: T) => Promise<unknown>;
  onClose: () => void;
}

/** Add someone from the organization to the department: the kit's picker in a dialog that closes once they are added. */
export function PickerDialog<T>({ open, title, onClose, onPick, ...picker }: PickerDialogProps<T>) {
  const [isBusy, setIsBusy] = useState(false);

  async function pick(item: T) {
    setIsBusy(true);
    try {
      await onPick(item);
      onClose();
    } catch {
      // The mutation's error path said why (a toast with the spec's text); the dialog stays open.
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <AdminDialog open={open} title={title} onClose={onClose} wide>
      {open && (
        <>
          <AdminPicker
            {...picker}
            describe={picker.detailOf}
            verb="Add"
            onPick={(item) => void pick(item)}
            isBusy={isBusy}
            emptyText="No one matches."
          />
          <div className="admin-dialog__actions">
            <IonButton fill="outline" color="medium" onClick={onClose}>
              Done
            </IonButton>
          </div>
        </>
      )}
    </AdminDialog>
  );
}
