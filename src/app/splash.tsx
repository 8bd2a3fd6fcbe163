import { IonSpinner } from '@ionic/react';
import { BrandMark } from '../shared/ui/brand-mark';

/** First paint while the session is restored. */
export function Splash() {
  return (
    <div className="splash" role="status" aria-live="polite">
      <BrandMark size={72} />
      <IonSpinner name="crescent" aria-hidden="true" />
      <p>Loading Thera…</p>
    </div>
  );
}
