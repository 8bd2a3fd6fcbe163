import { IonItem, IonLabel, IonList } from '@ionic/react';
import type { CachedSession } from '../../../shared/db/types';
import { onServerClock } from '../../../shared/api/server-clock';
import { addDays } from '../days';
import { STATUS_LABEL, dayKey, dayLabel, plannedEnd, plannedStart, studentName, timeOf } from '../format';
import { SessionChangeNote } from './session-change-note';

interface Props {
  sessions: CachedSession[];
  unsentBySession: Record<string, number>;
  timeZone?: string;
  now: number;
}

type Group = { key: string; title: string; sessions: CachedSession[] };

function groups(sessions: CachedSession[], now: number, timeZone?: string): Group[] {
  // The server's day, not the device's: a clock hours ahead would file today's sessions as "Earlier".
  const today = dayKey(new Date(onServerClock(now)), timeZone);
  // The next calendar date, not 24 hours on: a day with a clock change lasts 23 or 25 hours.
  const tomorrow = addDays(today, 1);
  const byKey = new Map<string, Group>();
  // By the planned slot: starting a session moves its start_at to the tap time, and the row must
  // neither leave its place nor its day under the therapist's finger.
  for (const s of sessions) {
    const planned = plannedStart(s);
    const key = dayKey(planned, timeZone);
    const name =
      key === today ? 'Today' : key === tomorrow ? 'Tomorrow' : key < today ? 'Earlier, not yet sent' : dayLabel(planned, timeZone);
    const group = byKey.get(key) ?? {
      key,
      title: key === today || key === tomorrow ? `${name} · ${dayLabel(planned, timeZone)}` : name,
      sessions: [],
    };
    group.sessions.push(s);
    byKey.set(key, group);
  }
  const list = [...byKey.values()].sort((a, b) => a.key.localeCompare(b.key));
  // Today first even when an unsent earlier session is still on the device.
  return [...list.filter((g) => g.key >= today), ...list.filter((g) => g.key < today)];
}

/** The therapist's sessions by day: time, student, department, status, and unsent work. */
export function SessionList({ sessions, unsentBySession, timeZone, now }: Props) {
  return (
    <>
      {groups(sessions, now, timeZone).map((group) => (
        <section key={group.key} aria-labelledby={`day-${group.key}`} className="day">
          <h2 id={`day-${group.key}`} className="section-title">
            {group.title}
          </h2>
          <IonList lines="full" className="day__list">
            {group.sessions.map((s) => (
              <IonItem
                key={s.id}
                routerLink={`/collector/session/${s.id}`}
                detail
                className={s.status === 'cancelled' ? 'session-row session-row--cancelled' : 'session-row'}
                data-testid="session-row"
                data-session-id={s.id}
              >
                <div slot="start" className="session-row__time">
                  <strong>{timeOf(plannedStart(s), timeZone)}</strong>
                  <span>{timeOf(plannedEnd(s), timeZone)}</span>
                </div>
                <IonLabel>
                  <h3 className="session-row__student">{studentName(s.student)}</h3>
                  <p>
                    {s.department?.name ?? 'No department'}
                    {s.started_at && s.localStatus !== 'scheduled' && (
                      <span className="session-row__started" data-testid="session-started">
                        {' '}
                        · Started {timeOf(s.started_at, timeZone)}
                      </span>
                    )}
                  </p>
                  <SessionChangeNote session={s} timeZone={timeZone} />
                </IonLabel>
                <div slot="end" className="session-row__badges">
                  {unsentBySession[s.id] ? <span className="session-row__unsent">{unsentBySession[s.id]} unsent</span> : null}
                  <span className={`session-status session-status--${s.localStatus}`}>{STATUS_LABEL[s.localStatus]}</span>
                </div>
              </IonItem>
            ))}
          </IonList>
        </section>
      ))}
    </>
  );
}
