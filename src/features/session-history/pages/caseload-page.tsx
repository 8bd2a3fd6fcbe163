import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { checkmarkDoneOutline } from 'ionicons/icons';
import type { CaseloadFilter } from '../../../../contract/session-history';
import type { OrganizationPageProps } from '../../../shared/routing/app-route';
import { AdminTabs } from '../../../shared/admin/admin-tabs';
import { Screen } from '../../../shared/ui/screen';
import { EmptyState, QueryWaiting } from '../../../shared/ui/page-states';
import { SelectField } from '../../../shared/ui/select-field';
import { sessionHistoryQueries, type CaseloadChoice } from '../queries';
import { SESSION_HISTORY_ERROR_TEXT } from '../error-text';
import { CaseloadStudentCard } from '../components/caseload-student';
import '../session-history.css';

type Tab = 'all' | CaseloadFilter;

const EMPTY_WORDS: Record<Tab, string> = {
  all: 'No goal is stale or near mastery, and every ended session has its note.',
  stale: 'Every goal in treatment has data from the last two weeks.',
  near_mastery: 'No goal is close to its mastery criterion.',
  no_note: 'Every session that ended in the last 30 days has its note.',
};

/** The caseload a supervisor reviews: students whose goals lack data or near mastery, and sessions without a note. */
export function CaseloadRoute({ organization, access }: OrganizationPageProps) {
  const [tab, setTab] = useState<Tab>('all');
  const [therapistId, setTherapistId] = useState('');
  const [departmentId, setDepartmentId] = useState('');
  const choice: CaseloadChoice = {
    filter: tab === 'all' ? undefined : tab,
    therapistId: therapistId || undefined,
    departmentId: departmentId || undefined,
  };
  const query = useQuery(sessionHistoryQueries.caseload(organization.id, choice));
  const everyone = query.data?.scope === 'every';
  const therapists = useQuery({
    ...sessionHistoryQueries.therapists(organization.id, organization.code),
    enabled: everyone && access.can('members.view'),
  });
  const departments = useQuery({
    ...sessionHistoryQueries.departments(organization.id, organization.code),
    enabled: everyone && access.can('departments.view'),
  });
  const counts = query.data?.counts;
  const label = (words: string, n: number | undefined) => (n === undefined ? words : `${words} (${n})`);
  const tabs = [
    { key: 'all' as const, label: 'All' },
    { key: 'stale' as const, label: label('No data for 2 weeks', counts?.stale) },
    { key: 'near_mastery' as const, label: label('Near mastery', counts?.near_mastery) },
    { key: 'no_note' as const, label: label('No note', counts?.no_note) },
  ];
  return (
    <Screen title="Caseload">
      <p className="muted">
        {query.data && !everyone ? 'Your students' : 'Students'} with goals without data for 14 days, goals near mastery, and sessions of
        the last 30 days that ended without a note.
      </p>
      {everyone && (
        <div className="sh-filters">
          {therapists.data && (
            <SelectField
              label="Therapist"
              name="therapist"
              value={therapistId}
              onChange={setTherapistId}
              options={[
                { value: '', label: 'Every therapist' },
                ...therapists.data.results
                  .filter((m) => m.role === 'therapist')
                  .map((m) => ({ value: m.id, label: `${m.user.first_name} ${m.user.last_name}` })),
              ]}
            />
          )}
          {departments.data && (
            <SelectField
              label="Department"
              name="department"
              value={departmentId}
              onChange={setDepartmentId}
              options={[{ value: '', label: 'Every department' }, ...departments.data.results.map((d) => ({ value: d.id, label: d.name }))]}
            />
          )}
        </div>
      )}
      <AdminTabs label="Show" tabs={tabs} selected={tab} onSelect={setTab}>
        {!query.data ? (
          <QueryWaiting query={query} label="Loading the caseload…" errorText={SESSION_HISTORY_ERROR_TEXT.fetchCaseload} />
        ) : query.data.results.length === 0 ? (
          <EmptyState icon={checkmarkDoneOutline} title="Nothing to review">
            {EMPTY_WORDS[tab]}
          </EmptyState>
        ) : (
          <ul className="sh-caseload" aria-label="Students to review">
            {query.data.results.map((s) => (
              <CaseloadStudentCard key={s.id} student={s} timeZone={organization.timezone} show={tab} />
            ))}
          </ul>
        )}
      </AdminTabs>
    </Screen>
  );
}
