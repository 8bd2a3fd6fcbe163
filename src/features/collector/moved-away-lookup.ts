import { schedulingDesk } from '../../../contract/routes/scheduling-desk';
import { api } from '../../shared/api/client';
import { isApiError } from '../../shared/api/api-error';
import { getDb } from '../../shared/db/db';
import type { CachedSession } from '../../shared/db/types';
import { plannedStart } from './format';
import { movedAwayKey, readMovedAway, type MovedAway } from './moved-away';

async function whereItWent(s: CachedSession): Promise<MovedAway | null> {
  const from = plannedStart(s);
  const base = { id: s.id, firstName: s.student.first_name, from };
  try {
    const now = await api(
      schedulingDesk.getTherasession,
      { params: { id: s.id }, query: { organization_id: s.organization_id } },
      { offlineRedirect: false },
    );
    if (now.therapist_id !== s.therapist_id) {
      return { ...base, to: null, reason: '' };
    }
    return now.status === 'scheduled' && plannedStart(now) !== from
      ? { ...base, to: plannedStart(now), reason: now.change_reason ?? '' }
      : null;
  } catch (error) {
    if (isApiError(error) && error.status === 404) {
      return { ...base, to: null, reason: '' };
    }
    return null;
  }
}

/**
 * Before the day's new list replaces the stored one: the stored scheduled sessions it no longer
 * holds are looked up, and the lines kept for those whose old slot is still within the window.
 */
export async function noteMovedAway(userId: string, organizationId: string, fresh: Set<string>, windowFrom: string): Promise<void> {
  const cached = (await getDb().sessions.where('userId').equals(userId).toArray()).filter(
    (s) => s.organizationId === organizationId && s.localStatus === 'scheduled' && !fresh.has(s.id) && plannedStart(s) >= windowFrom,
  );
  const found = (await Promise.all(cached.map(whereItWent))).filter((m): m is MovedAway => m !== null);
  const kept = (await readMovedAway(userId, organizationId)).filter(
    (m) => m.from >= windowFrom && !fresh.has(m.id) && !found.some((f) => f.id === m.id),
  );
  await getDb().meta.put({ key: movedAwayKey(userId, organizationId), value: [...kept, ...found] });
}
