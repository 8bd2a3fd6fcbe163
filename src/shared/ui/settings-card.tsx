import type { ReactNode } from 'react';

/** One card of a settings screen: a heading, a line saying what it is for, and its controls. */
export function SettingsCard({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <div className="card settings-card">
      <h2 className="card-title">{title}</h2>
      <p className="muted">{intro}</p>
      {children}
    </div>
  );
}
