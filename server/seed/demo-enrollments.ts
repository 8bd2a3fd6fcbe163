/**
 * The demo's enrollment paperwork: a contract template and a privacy-role template in the clinic,
 * and the clinic's enrollments using both (their contracts issued from the template), so the
 * enrollment screens have something to show. Made through the services, like the rest of the seed.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { roles } from '../db/schema/organizations';
import type { OrganizationId, UserId } from '../lib/ids';
import { systemContext } from '../lib/request-context';
import { UpdateEnrollmentBody } from '../../contract/enrollments';
import {
  listEnrollments,
  getEnrollmentDetail,
  updateEnrollment,
  createContractTemplate,
  createPrivacyRoleTemplate,
} from '../features/enrollments';

const CONTRACT = `<h2>Therapy services agreement</h2>
<p>This agreement between <strong>{{organization_name}}</strong> and <strong>{{responsible_person}}</strong>
covers the therapy services for <strong>{{student_name}}</strong>, starting on {{start_date}}.</p>
<h3>Programs</h3>
<p>{{programs}}</p>
<h3>Services and prices</h3>
{{services}}
<h3>Cancellations</h3>
<p>Please cancel a session at least 24 hours ahead. Late cancellations are charged in full.</p>`;

export async function seedDemoPaperwork(database: Database, organizationId: OrganizationId, actor: UserId): Promise<void> {
  await database.tenant(organizationId, async (tx) => {
    const ctx = systemContext(tx, { organizationId, actor, call: 'seed.enrollments' });
    const builtIn = await tx.select({ id: roles.id, kind: roles.defaultFor }).from(roles).where(eq(roles.organizationId, organizationId));
    const roleOf = (kind: 'therapist' | 'staff') => builtIn.find((r) => r.kind === kind)!.id;
    const contract = await createContractTemplate(ctx, { name: 'Standard therapy agreement', body_html: CONTRACT });
    const privacy = await createPrivacyRoleTemplate(ctx, {
      name: 'Clinical team',
      rules: [
        { role_id: roleOf('therapist'), parts: ['identity', 'education', 'goals_and_data'] },
        { role_id: roleOf('staff'), parts: ['identity', 'family'] },
      ],
    });
    for (const { enrollment } of await listEnrollments(ctx, { isArchived: false })) {
      const current = await getEnrollmentDetail(ctx, enrollment.id);
      const responsible = current.student.last_name === 'Bennett' ? 'Marcus Bennett' : 'Sarah Thompson';
      const fields = UpdateEnrollmentBody.parse({
        notes: current.notes,
        departments: current.departments.map((d) => d.id),
        programs: current.programs.map((p) => p.id),
        privacy_and_role_template: privacy.id,
        contract_template: contract.id,
        contract_start_date: '2026-09-01',
        contract_responsible_person: responsible,
      });
      await updateEnrollment(ctx, enrollment.id, fields);
    }
  });
}
