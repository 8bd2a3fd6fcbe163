import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { addOutline } from 'ionicons/icons';
import { ConfirmDialog } from '../../../shared/admin/confirm-dialog';
import { EmptyState } from '../../../shared/ui/page-states';
import { IconButton } from '../../../shared/ui/icon-button';
import { SettingsCard } from '../../../shared/ui/settings-card';
import { useDeleteItemMutation } from '../mutations';
import { ItemFormDialog } from './item-form-dialog';
import { ItemLinesView } from './item-lines';
import '../../../shared/admin/admin.css';
import type { SectionSetup } from './profile-sections';

/** One list of the profile as a card: its items, each with Change and Remove, and a way to add one. */
export function ProfileSection<Item extends { id: string }, K extends string>({
  setup,
  items,
}: {
  setup: SectionSetup<Item, K>;
  items: Item[];
}) {
  // undefined: no dialog; null: adding; an item: changing it.
  const [editing, setEditing] = useState<Item | null | undefined>(undefined);
  const [removing, setRemoving] = useState<Item | null>(null);
  const remove = useDeleteItemMutation(setup.kind);
  const add = (
    <IconButton icon={addOutline} fill="outline" onClick={() => setEditing(null)}>
      {setup.add}
    </IconButton>
  );
  return (
    <section aria-label={setup.title}>
      <SettingsCard title={setup.title} intro={setup.intro}>
        {items.length === 0 ? (
          <EmptyState icon={setup.icon} title={setup.empty.title} action={add}>
            {setup.empty.text}
          </EmptyState>
        ) : (
          <>
            <ul className="profile-list">
              {items.map((item) => {
                const lines = setup.describe(item);
                return (
                  <ItemLinesView
                    key={item.id}
                    lines={lines}
                    actions={
                      <>
                        <IonButton fill="clear" size="small" onClick={() => setEditing(item)} aria-label={`Change ${lines.title}`}>
                          Change
                        </IonButton>
                        <IonButton
                          fill="clear"
                          size="small"
                          color="danger"
                          onClick={() => setRemoving(item)}
                          aria-label={`Remove ${lines.title}`}
                        >
                          Remove
                        </IonButton>
                      </>
                    }
                  />
                );
              })}
            </ul>
            {add}
          </>
        )}
      </SettingsCard>
      {editing !== undefined && <ItemFormDialog setup={setup} item={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing ? setup.describe(removing).title : ''}?`}
        confirmLabel="Remove"
        busyLabel="Removing…"
        isBusy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      >
        <p>It disappears from your profile in every organization.</p>
      </ConfirmDialog>
    </section>
  );
}
