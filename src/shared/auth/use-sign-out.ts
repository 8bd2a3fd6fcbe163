import { useState } from 'react';
import { confirmSignOut } from '../ui/sync-indicator-sign-out-guard';
import { logout } from './auth-actions';

/** Signing out from a button: asks first when unsent items would stay behind, then says it is busy. */
export function useSignOut(): { isSigningOut: boolean; signOut: () => Promise<void> } {
  const [isSigningOut, setIsSigningOut] = useState(false);
  async function signOut() {
    if (!(await confirmSignOut())) {
      return;
    }
    setIsSigningOut(true);
    await logout();
  }
  return { isSigningOut, signOut };
}
