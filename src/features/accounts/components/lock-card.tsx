import { IconButton } from '../../../shared/ui/icon-button';
import { lockClosedOutline } from 'ionicons/icons';
import { SettingsCard } from '../../../shared/ui/settings-card';
import { useLockMutation } from '../mutations';

export function LockCard() {
  const lock = useLockMutation();
  return (
    <SettingsCard
      title="Lock Thera"
      intro="Stepping away from a shared tablet? Locking hides everything on screen until you enter your password again."
    >
      <IconButton icon={lockClosedOutline} color="dark" onClick={() => lock.mutate()} disabled={lock.isPending}>
        {lock.isPending ? 'Locking…' : 'Lock now'}
      </IconButton>
    </SettingsCard>
  );
}
