import { useId, type ReactNode } from 'react';
import { IonContent } from '@ionic/react';
import { BrandMark } from '../../../shared/ui/brand-mark';

/** The signed-out frame: the brand and one card, centred, readable at tablet and desktop sizes. */
export function AuthLayout({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  // Ionic keeps the page left behind in the document: each card needs its own heading id.
  const titleId = useId();
  return (
    <IonContent className="auth-page">
      <div className="auth-page__main">
        <div className="auth-page__brand">
          <BrandMark size={56} />
          <span>Thera</span>
        </div>
        <section className="auth-card" aria-labelledby={titleId}>
          <h1 id={titleId}>{title}</h1>
          {intro && <p className="auth-card__intro">{intro}</p>}
          {children}
        </section>
        {footer && <div className="auth-page__footer">{footer}</div>}
      </div>
    </IonContent>
  );
}
