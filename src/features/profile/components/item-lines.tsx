import type { ReactNode } from 'react';
import type { ItemLines } from './profile-format';

/** One item of a profile list: its title, its details under it, a flag where a credential needs attention. */
export function ItemLinesView({ lines, actions }: { lines: ItemLines; actions?: ReactNode }) {
  return (
    <li className="profile-item">
      <div className="profile-item__text">
        <p className="profile-item__title">
          {lines.href ? (
            <a href={lines.href} target="_blank" rel="noopener noreferrer">
              {lines.title}
            </a>
          ) : (
            lines.title
          )}
          {lines.flag && <span className={`profile-flag profile-flag--${lines.flag.tone}`}>{lines.flag.text}</span>}
        </p>
        {lines.details.map((detail) => (
          <p key={detail} className="profile-item__detail">
            {detail}
          </p>
        ))}
      </div>
      {actions && <div className="profile-item__actions">{actions}</div>}
    </li>
  );
}
