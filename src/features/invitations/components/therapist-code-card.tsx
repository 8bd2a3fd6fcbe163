import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../../shared/api/error-text';
import { showToast } from '../../../shared/ui/toast-store';
import { INVITATIONS_ERROR_TEXT } from '../error-text';
import '../invitations.css';
import { myInvitationQueries } from '../queries';

/** The therapist's shareable code with a copy button and what to do with it. */
export function TherapistCodeCard() {
  const query = useQuery(myInvitationQueries.code());
  const [isCopied, setIsCopied] = useState(false);
  const code = query.data?.therapist_code;

  async function copy() {
    if (!code) {
      return;
    }
    try {
      await navigator.clipboard.writeText(code);
      setIsCopied(true);
      showToast('Your therapist code is copied.', 'success');
    } catch {
      // Some browsers refuse the clipboard outside a secure page: the code stays selectable on screen.
      showToast('Copying is not allowed here: select the code and copy it yourself.');
    }
  }

  return (
    <div className="card org-card therapist-code">
      <p className="org-card__kind">Your therapist code</p>
      {query.isPending && <p role="status">Loading your code…</p>}
      {query.isError && <p role="alert">{errorText(query.error, INVITATIONS_ERROR_TEXT.fetchTherapistCode)}</p>}
      {code && (
        <div className="therapist-code__row">
          <code className="therapist-code__value" aria-label={`Therapist code ${code.split('').join(' ')}`}>
            {code}
          </code>
          <IonButton fill="outline" onClick={() => void copy()}>
            {isCopied ? 'Copied' : 'Copy code'}
          </IonButton>
        </div>
      )}
      <p className="muted">
        Give this code to a clinic or school you work with. They invite you with it, and you accept the invitation under My organizations.
      </p>
    </div>
  );
}
