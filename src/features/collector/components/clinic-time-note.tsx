import { IonIcon } from '@ionic/react';
import { timeOutline } from 'ionicons/icons';
import { isOtherZone } from '../days';
import { zoneAbbreviation, zonePlace } from '../format';

interface Props {
  timeZone: string;
  organizationName: string;
  now: number;
}

/**
 * On a device set to another time zone than the organization's, says whose clock the times on
 * screen follow: a therapist travelling, or a tablet left on UTC, would otherwise read the clinic's
 * 3:00 PM as their own.
 */
export function ClinicTimeNote({ timeZone, organizationName, now }: Props) {
  if (!isOtherZone(timeZone, now)) {
    return null;
  }
  const whose = organizationName ? `${organizationName}’s` : 'the organization’s';
  return (
    <p className="clinic-time-note" role="note" data-testid="clinic-time-note">
      <IonIcon icon={timeOutline} aria-hidden="true" className="clinic-time-note__icon" />
      <span>
        Times are in {whose} time zone: {zonePlace(timeZone)} ({zoneAbbreviation(timeZone, now)}).
      </span>
    </p>
  );
}
