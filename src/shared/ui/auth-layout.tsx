import { useId, type ReactNode } from 'react';
import { IonContent, IonIcon } from '@ionic/react';
import { BrandMark } from './brand-mark';

/** The signed-out frame: the brand and one card, centred, readable at tablet and desktop sizes. */
export function AuthLayout({
  title,
  intro,
  icon,
  className = 'auth-page',
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  /** A picture above the heading, for a screen that is not a plain sign-in form. */
  icon?: string;
  className?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  // Ionic keeps the page left behind in the document: each card needs its own heading id.
  const titleId = useId();
  return (
    <IonContent className={className}>
      <div className="auth-page__main">
        <div className="auth-page__brand">
          <BrandMark size={56} />
          <span>Thera</span>
        </div>
        <section className="auth-card" aria-labelledby={titleId}>
          {icon && <IonIcon icon={icon} aria-hidden="true" className="lock-screen__icon" />}
          <h1 id={titleId}>{title}</h1>
          {intro && <p className="auth-card__intro">{intro}</p>}
          {children}
        </section>
        {footer && <div className="auth-page__footer">{footer}</div>}
      </div>
    </IonContent>
  );
}
