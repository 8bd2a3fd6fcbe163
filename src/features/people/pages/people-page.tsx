import { IonContent, useIonViewWillEnter } from '@ionic/react';
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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
import { MEMBER_STATUS_OPTIONS, MEMBER_STATUS_VALUES, peopleQueries, type Directory, type MemberStatusFilter } from '../queries';
import { SelectField } from '../../../shared/ui/select-field';
import { PEOPLE_ERROR_TEXT } from '../error-text';
import { InvitationsList } from '../components/invitations-list';
import { InviteDialog } from '../components/invite-dialog';
import { IonButton } from '@ionic/react';

const LABEL: Record<Directory, { one: string; many: string; title: string; empty: string }> = {
  therapists: {
    one: 'therapist',
    many: 'therapists',
    title: 'Therapists',
    empty: 'Therapists appear here once they accept an invitation to the organization.',
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

/** The count's caption names which members it counts. */
const STATUS_TITLE: Record<MemberStatusFilter, (title: string) => string> = {
  current: (title) => title,
  former: (title) => `Former ${title.toLowerCase()}`,
  all: (title) => `${title}, current and former`,
};

/** What the therapists' list says when empty: how to get someone onto it. */
const INVITE_TEXT = 'Invite a therapist by the code on their Thera home page or by e-mail. They appear here once they accept.';

function DirectoryList({
  orgCode,
  directory,
  links,
  onInvite,
}: {
  orgCode: string;
  directory: Directory;
  links: PlaceLinks;
  onInvite?: () => void;
}) {
  const list = useListState<{ status: MemberStatusFilter }, PeopleOrdering>({
    ordering: 'name',
    orderings: PeopleOrdering.options,
    filters: { status: 'current' },
    filterValues: { status: MEMBER_STATUS_VALUES },
    address: { prefix: '' },
  });
  const { page, pageSize, search, ordering, filters } = list.state;
  // Only the therapists' directory has former members; the others ignore the filter.
  const status = directory === 'therapists' ? filters.status : undefined;
  const query = useQuery(peopleQueries.list(orgCode, directory, { page, pageSize, search, ordering, status }));
  const noun = LABEL[directory];
  const columns = useMemo(() => columnsOf(directory, links), [directory, links]);
  const invite = directory === 'therapists' && onInvite ? <IonButton onClick={onInvite}>Invite a therapist</IonButton> : undefined;
  return (
    <AdminList<Person, { status: MemberStatusFilter }>
      noun={{ one: noun.one, many: noun.many }}
      columns={columns}
      query={query}
      fetchErrorText={PEOPLE_ERROR_TEXT.fetchPeople}
      list={list}
      defaultOrdering="name"
      isNarrowed={search !== '' || (status !== undefined && status !== 'current')}
      onClearNarrowing={() => {
        list.setSearchText('');
        list.setFilter('status', 'current');
      }}
      filters={
        status !== undefined && (
          <SelectField
            label="Show"
            name="status"
            value={status}
            options={MEMBER_STATUS_OPTIONS}
            onChange={(value) => list.setFilter('status', value as MemberStatusFilter)}
          />
        )
      }
      rowLabel={rowLabel}
      stats={
        query.data && (
          <AdminStats
            label={`${noun.title} found`}
            figures={[[search ? `${noun.title} matching` : STATUS_TITLE[status ?? 'current'](noun.title), query.data.count]]}
          />
        )
      }
      actions={invite}
      empty={{ icon: peopleOutline, title: `No ${noun.many} yet`, text: invite ? INVITE_TEXT : noun.empty, action: invite }}
    />
  );
}

/** A tab of the page: a directory, or the organization's invitations (members.view). */
type View = Directory | 'invitations';
const titleOf = (view: View) => (view === 'invitations' ? 'Invitations' : LABEL[view].title);

interface PeoplePageProps {
  orgCode: string;
  organizationId: string;
  /** members.view: the invitations tab; members.manage: inviting, cancelling and archiving. */
  invitations: { canView: boolean; canManage: boolean };
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
export function PeoplePage({ orgCode, organizationId, invitations, directories, onlyAssigned, links }: PeoplePageProps) {
  const views: View[] = [...directories, ...(invitations.canView ? (['invitations'] as const) : [])];
  const [view, setView] = useView(views);
  const [isInviting, setIsInviting] = useState(false);
  const queryClient = useQueryClient();
  // Ionic keeps a visited page mounted, so coming back would show the people as they were: an
  // invitation accepted or a membership ended meanwhile must show when the owner returns.
  useIonViewWillEnter(() => {
    void queryClient.invalidateQueries({ queryKey: ['people', orgCode] });
    void queryClient.invalidateQueries({ queryKey: ['invitations', orgCode, 'list'] });
  }, [orgCode]);
  const onInvite = invitations.canManage ? () => setIsInviting(true) : undefined;
  const panel =
    view === 'invitations' ? (
      <InvitationsList orgCode={orgCode} organizationId={organizationId} canManage={invitations.canManage} onInvite={onInvite} />
    ) : (
      <DirectoryPanel
        orgCode={orgCode}
        directory={view}
        narrowed={onlyAssigned && view !== 'therapists'}
        links={links}
        onInvite={onInvite}
      />
    );
  return (
    <>
      <PageHeader title="People" />
      <IonContent>
        <div className="page page--wide">
          {views.length > 1 ? (
            <AdminTabs label="Directory" tabs={views.map((v) => ({ key: v, label: titleOf(v) }))} selected={view} onSelect={setView}>
              {panel}
            </AdminTabs>
          ) : (
            panel
          )}
        </div>
        <InviteDialog open={isInviting} orgCode={orgCode} organizationId={organizationId} onClose={() => setIsInviting(false)} />
      </IonContent>
    </>
  );
}

function DirectoryPanel({
  orgCode,
  directory,
  narrowed,
  links,
  onInvite,
}: {
  orgCode: string;
  directory: Directory;
  narrowed: boolean;
  links: PlaceLinks;
  onInvite?: () => void;
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
      <DirectoryList key={directory} orgCode={orgCode} directory={directory} links={links} onInvite={onInvite} />
    </>
  );
}

/** The tab on screen lives in the address (?show=parents, ?show=invitations), so a reload or a link keeps it. */
function useView(views: View[]): [View, (v: View) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('show') as View | null;
  const current = asked && views.includes(asked) ? asked : views[0]!;
  return [current, (v) => setParams({ show: v }, { replace: true })];
}
