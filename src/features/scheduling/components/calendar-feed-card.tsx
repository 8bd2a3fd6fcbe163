import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { IonButton } from '@ionic/react';
import { copyOutline } from 'ionicons/icons';
import { errorText } from '../../../shared/api/error-text';
import { FormError } from '../../../shared/ui/form-error';
import { IconButton } from '../../../shared/ui/icon-button';
import { ErrorState, LoadingState } from '../../../shared/ui/page-states';
import { SettingsCard } from '../../../shared/ui/settings-card';
import { SCHEDULING_ERROR_TEXT } from '../error-text';
import { useCreateFeedMutation, useRevokeFeedMutation } from '../mutations';
import { dayIn } from '../plan-words';
import { schedulingQueries } from '../queries';

const INTRO =
  'Your sessions and the events you are part of, in your phone’s calendar, kept up to date. Children appear by their initials only, so a glance at your phone names no one.';

/** "Subscribe from your phone": a secret address, shown once, that the phone's calendar keeps reading; it can be turned off. */
export function CalendarFeedCard({ organizationId, timeZone }: { organizationId: string; timeZone: string }) {
  const feed = useQuery(schedulingQueries.feed(organizationId));
  const create = useCreateFeedMutation(organizationId);
  const revoke = useRevokeFeedMutation(organizationId);
  const [copied, setCopied] = useState<string | null>(null);
  const shown = create.data?.url ?? null;

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('Copied. Paste it in your phone’s calendar app.');
    } catch {
      setCopied('Copying is not allowed here: select the address and copy it yourself.');
    }
  }

  let body;
  if (feed.isPending) {
    body = <LoadingState label="Checking your subscription…" />;
  } else if (feed.isError) {
    body = <ErrorState message={errorText(feed.error, SCHEDULING_ERROR_TEXT.fetchFeed)} onRetry={() => void feed.refetch()} />;
  } else {
    const isOn = feed.data.created_at !== null || shown !== null;
    body = (
      <>
        <p role="status" aria-live="polite" className="feed-status">
          {isOn
            ? `On since ${dayIn(feed.data.created_at ?? new Date().toISOString(), timeZone)}${
                feed.data.last_used_at ? `; your calendar last read it ${dayIn(feed.data.last_used_at, timeZone)}` : ''
              }.`
            : 'Off: no address is active.'}
        </p>
        {shown && (
          <div className="feed-address">
            <label htmlFor="feed-url">Your subscription address (shown only now)</label>
            <input id="feed-url" readOnly value={shown} onFocus={(event) => event.target.select()} />
            <IconButton icon={copyOutline} fill="outline" onClick={() => void copy(shown)}>
              Copy
            </IconButton>
            {copied && <p aria-live="polite">{copied}</p>}
            <p>
              Add it in your phone&apos;s calendar app as a subscription (on an iPhone: Settings, Calendar, Accounts, Add Account, Other,
              Add Subscribed Calendar; on Android, in Google Calendar on the web: Other calendars, From URL). Keep it to yourself: anyone
              with the address can read your schedule.
            </p>
          </div>
        )}
        <div className="plan-preview__actions">
          <IonButton onClick={() => create.mutate()} disabled={create.isPending || revoke.isPending}>
            {create.isPending ? 'Making the address…' : isOn ? 'Make a new address' : 'Subscribe from your phone'}
          </IonButton>
          {isOn && (
            <IonButton
              fill="outline"
              color="danger"
              onClick={() => revoke.mutate(undefined, { onSuccess: () => create.reset() })}
              disabled={revoke.isPending}
            >
              {revoke.isPending ? 'Turning off…' : 'Turn off'}
            </IonButton>
          )}
        </div>
        {isOn && !shown && <p className="muted">A new address replaces the old one, which stops working at once.</p>}
        <FormError error={create.error} fallback={SCHEDULING_ERROR_TEXT.createFeed} />
        <FormError error={revoke.error} fallback={SCHEDULING_ERROR_TEXT.revokeFeed} />
      </>
    );
  }
  return (
    <SettingsCard title="Subscribe from your phone" intro={INTRO}>
      {body}
    </SettingsCard>
  );
}
