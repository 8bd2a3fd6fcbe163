import type { ReactNode } from 'react';
import { IonContent } from '@ionic/react';
import { PageHeader } from './page-header';

/** A signed-in screen: its toolbar, then its scrolling content in one column. */
export function Screen({
  title,
  end,
  className = 'page',
  children,
}: {
  title: string;
  end?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} end={end} />
      <IonContent>
        <div className={className}>{children}</div>
      </IonContent>
    </>
  );
}
