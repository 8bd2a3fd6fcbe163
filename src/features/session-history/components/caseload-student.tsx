import { Link } from 'react-router-dom';
import type { CaseloadFilter, CaseloadStudent, NearMasteryItem } from '../../../../contract/session-history';
import { goalGraphPath, studentPath, studentSessionsPath } from '../../../shared/routing/student-links';
import { formatDate, formatShortDay } from '../../../shared/ui/time-zones';

interface CardProps {
  student: CaseloadStudent;
  timeZone: string;
  show: 'all' | CaseloadFilter;
}

const shows = (show: CardProps['show'], part: CaseloadFilter) => show === 'all' || show === part;
const round = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });

const UNIT: Record<NearMasteryItem['criterion']['measure'], string> = {
  percent_correct: ' % correct',
  percent_independent: ' % independent',
  count_per_hour: ' per hour',
  count_per_session: ' in a session',
  duration_minutes: ' min',
};

/** How near: "latest 85 % correct; 2 of 3 sessions in a row · At least 80 % correct over 3 consecutive sessions". */
function nearWords(g: NearMasteryItem): string {
  const { sessions, min_therapists: people } = g.criterion;
  const run =
    g.met_in_a_row >= sessions && g.therapists >= people
      ? `met in the last ${sessions} sessions, not marked mastered yet`
      : `${Math.min(g.met_in_a_row, sessions)} of ${sessions} sessions in a row${people > 1 ? `, ${g.therapists} of ${people} therapists` : ''}`;
  return `latest ${round(g.latest_value)}${UNIT[g.criterion.measure]}; ${run} · ${g.criterion_text}`;
}

/** One student of the caseload: their name (to their record) and the goals and sessions the filter found. */
export function CaseloadStudentCard({ student: s, timeZone, show }: CardProps) {
  const name = `${s.first_name} ${s.last_name}`;
  return (
    <li className="card sh-student">
      <h2 className="card-title">
        <Link to={studentPath(s.id)}>{name}</Link>
      </h2>
      {shows(show, 'stale') && s.stale.length > 0 && (
        <section aria-label={`${name}: goals without data for 2 weeks`}>
          <h3>No data for 2 weeks</h3>
          <ul>
            {s.stale.map((g) => (
              <li key={g.goal_id}>
                <Link to={goalGraphPath(s.id, g.goal_id)}>{g.title}</Link>{' '}
                <span className="muted">{g.last_data_at ? `last data ${formatDate(g.last_data_at, timeZone)}` : 'no data yet'}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {shows(show, 'near_mastery') && s.near_mastery.length > 0 && (
        <section aria-label={`${name}: goals near mastery`}>
          <h3>Near mastery</h3>
          <ul>
            {s.near_mastery.map((g) => (
              <li key={`${g.goal_id}/${g.sub_goal_id ?? ''}`}>
                <Link to={goalGraphPath(s.id, g.goal_id)}>{g.target ? `${g.title}: ${g.target}` : g.title}</Link>{' '}
                <span className="muted">{nearWords(g)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {shows(show, 'no_note') && s.no_note.length > 0 && (
        <section aria-label={`${name}: sessions without a note`}>
          <h3>Sessions without a note</h3>
          <ul>
            {s.no_note.map((n) => (
              <li key={n.session_id}>
                <Link to={studentSessionsPath(s.id, n.session_id)}>
                  {formatShortDay(n.planned_start, timeZone)} with {n.therapist.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </li>
  );
}
