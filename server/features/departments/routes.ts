import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/departments';
import { registerTxCall } from '../../lib/register-call';
import { requireAssignmentsReadable } from '../../lib/student-visibility';
import { listTherapistAssignedStudents, listTherapistDepartments } from './service';

export function departmentsRoutes(app: FastifyInstance) {
  registerTxCall(app, contract.therapistAssignedStudents, async ({ tx, org, params }) => {
    requireAssignmentsReadable(org, params.id);
    const rows = await listTherapistAssignedStudents(tx, org.organizationId, params.id);
    // One row per department the student is in with this therapist: one entry per student.
    const byStudent = new Map<string, { id: string; first_name: string; last_name: string; department_ids: string[] }>();
    for (const r of rows) {
      const entry = byStudent.get(r.studentId) ?? { id: r.studentId, first_name: r.firstName, last_name: r.lastName, department_ids: [] };
      entry.department_ids.push(r.departmentId);
      byStudent.set(r.studentId, entry);
    }
    return { results: [...byStudent.values()] };
  });
  registerTxCall(app, contract.therapistAssignedDepartments, async ({ tx, org, params }) => {
    requireAssignmentsReadable(org, params.id);
    const rows = await listTherapistDepartments(tx, org.organizationId, params.id);
    return { results: rows.map((d) => ({ id: d.id, name: d.name })) };
  });
}
