import { audit } from '../../../contract/routes';
import { listQuery, pageQuery, type PageParams } from '../../shared/admin/list-query';

/** Shown when the trail cannot be read (in the words of the other lists' "Failed to fetch …"). */
export const FETCH_AUDIT_ERROR = 'Failed to fetch the audit trail';

/** The screen's filters as it holds them: '' for "any". */
export interface AuditFilters extends Record<string, string> {
  userId: string;
  entity: string;
  entityId: string;
  /** The chosen record's name, for the "only this record" note; never sent. */
  recordLabel: string;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { userId: '', entity: '', entityId: '', recordLabel: '', from: '', to: '' };

export interface AuditListParams extends PageParams {
  ordering: string;
  filters: AuditFilters;
}

/** True when the range runs backwards: the screen says so instead of asking the server. */
export const isBackwardRange = ({ from, to }: Pick<AuditFilters, 'from' | 'to'>) => from !== '' && to !== '' && to < from;

/** Query-key factory: everything about one organization's trail starts with ['audit', orgCode]. */
export const auditQueries = {
  all: (orgCode: string) => ['audit', orgCode] as const,
  list: (orgCode: string, params: AuditListParams) => {
    const { userId, entity, entityId, from, to } = params.filters;
    return listQuery(
      [...auditQueries.all(orgCode), 'list', params],
      audit.listAuditEntries,
      {
        params: { orgCode },
        query: {
          ...pageQuery(params),
          ordering: params.ordering as never,
          user_id: userId || undefined,
          entity: entity || undefined,
          entity_id: entityId || undefined,
          from: from || undefined,
          to: to && !isBackwardRange(params.filters) ? to : undefined,
        },
      },
      FETCH_AUDIT_ERROR,
    );
  },
};
