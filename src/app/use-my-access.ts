import { useMemo } from 'react';
import { useOrganizations } from '../features/organizations/queries';
import { accessFrom, type MyAccess } from '../shared/access/my-access';

/** The active organization and what the user may do in it (src/shared/access/my-access.ts is the seam). */
export function useMyAccess(): { access: MyAccess; organization: ReturnType<typeof useOrganizations>['active']; isPending: boolean } {
  const { active, query } = useOrganizations();
  const access = useMemo(() => accessFrom(active), [active]);
  return { access, organization: active, isPending: query.isPending };
}
