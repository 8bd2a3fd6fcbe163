import { IonContent } from '@ionic/react';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { peopleOutline } from 'ionicons/icons';
import { PeopleOrdering } from '../../../../contract/people';
import { AdminList } from '../../../shared/admin/admin-list';
import { AdminStats } from '../../../shared/admin/admin-stats';
import { useListState } from '../../../shared/admin/use-list-state';
import type { AdminColumn } from '../../../shared/admin/admin-table';
import { PageHeader } from '../../../shared/ui/page-header';
import { AdminTabs } from '../../../shared/admin/admin-tabs';
import { parentColumns, studentColumns, therapistColumns, type Person, type PlaceLinks } from '../components/people-columns';
import { peopleQueries, type Directory } from '../queries';
import { PEOPLE_ERROR_TEXT } from '../error-text';

const LABEL: Record<Directory, { one: string; many: string; title: string; empty: string }> = {
  therapists: {
    one: 'therapist',
    many: 'therapists',
    title: 'Therapists',
    empty: 'Therapists appear here once they join the organization.',
  },
  students: { one: 'student', many: 'students', title: 'Students', empty: 'Students appear here once they are enrolled.' },
  parents: { one: 'parent', many: 'parents', title: 'Parents', empty: 'Parents appear here once one of their children is enrolled.' },
};
const columnsOf = (directory: Directory, links: PlaceLinks) =>
  ({
    students: studentColumns(links),
    parents: parentColumns,
    therapists: therapistColumns(links),
  })[directory] as unknown as AdminColumn<Person>[];
const rowLabel = (person: Person) => `${person.first_name} ${person.last_name}`;

function DirectoryList({ orgCode, directory, links }: { orgCode: string; directory: Directory; links: PlaceLinks }) {
  const list = useListState<Record<string, never>, PeopleOrdering>({
    ordering: 'name',
    orderings: PeopleOrdering.options,
    filters: {},
    address: { prefix: '' },
  });
  const { page, pageSize, search, ordering } = list.state;
  const query = useQuery(peopleQueries.list(orgCode, directory, { page, pageSize, search, ordering }));
  const noun = LABEL[directory];
  const columns = useMemo(() => columnsOf(directory, links), [directory, links]);
  return (
    <AdminList<Person, Record<string, never>>
      noun={{ one: noun.one, many: noun.many }}
      columns={columns}
      query={query}
      fetchErrorText={PEOPLE_ERROR_TEXT.fetchPeople}
      list={list}
      defaultOrdering="name"
      isNarrowed={search !== ''}
      onClearNarrowing={() => list.setSearchText('')}
      rowLabel={rowLabel}
      stats={
        query.data && (
          <AdminStats label={`${noun.title} found`} figures={[[search ? `${noun.title} matching` : noun.title, query.data.count]]} />
        )
      }
      empty={{ icon: peopleOutline, title: `No ${noun.many} yet`, text: noun.empty }}
    />
  );
}

interface PeoplePageProps {
  orgCode: string;
  directories: Directory[];
  /** The server shows this member only the students assigned to them (and those students' parents). */
  onlyAssigned: boolean;
  /** departments.view: department names link to the department. */
  links: PlaceLinks;
}

/**
 * The organization's people: searchable, paginated
 * directories, names and links only (a student's record needs students.records). Each directory
 * shows to whoever holds its key; a member without students.manage (a therapist) is answered their
 * own students and those students' parents by the server, and the page says so.
 */
export function PeoplePage({ orgCode, directories, onlyAssigned, links }: PeoplePageProps) {
  const [directory, setDirectory] = useDirectory(directories);
  const narrowed = onlyAssigned && directory !== 'therapists';
  return (
    <>
      <PageHeader title="People" />
      <IonContent>
        <div className="page page--wide">
          {directories.length > 1 ? (
            <AdminTabs
              label="Directory"
              tabs={directories.map((d) => ({ key: d, label: LABEL[d].title }))}
              selected={directory}
              onSelect={setDirectory}
            >
              <DirectoryPanel orgCode={orgCode} directory={directory} narrowed={narrowed} links={links} />
            </AdminTabs>
          ) : (
            <DirectoryPanel orgCode={orgCode} directory={directory} narrowed={narrowed} links={links} />
          )}
        </div>
      </IonContent>
    </>
  );
}

function DirectoryPanel({
  orgCode,
  directory,
  narrowed,
  links,
}: {
  orgCode: string;
  directory: Directory;
  narrowed: boolean;
  links: PlaceLinks;
}) {
  return (
    <>
      {narrowed && (
        <p className="muted admin-readonly">
          {directory === 'students' ? 'You see the students assigned to you.' : 'You see the parents of the students assigned to you.'} The
          whole directory is for people who enroll students.
        </p>
      )}
      {/* Keyed: each directory keeps its own page, search and order from the start. */}
      <DirectoryList key={directory} orgCode={orgCode} directory={directory} links={links} />
    </>
  );
}

/** The directory on screen lives in the address (?show=parents), so a reload or a link keeps it. */
function useDirectory(directories: Directory[]): [Directory, (d: Directory) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('show') as Directory | null;
  const current = asked && directories.includes(asked) ? asked : directories[0]!;
  return [current, (d) => setParams({ show: d }, { replace: true })];
}
