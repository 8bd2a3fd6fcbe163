import { z } from 'zod';
import { id, orgCode } from './fields';
import { departments as route } from './routes';
import { defineCall } from './http';

export const AssignedStudent = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  department_ids: z.array(z.uuid()),
});
export const therapistAssignedStudents = defineCall(route.therapistAssignedStudents, {
  summary: 'Students assigned to a therapist membership through departments',
  access: { kind: 'org', permission: 'students.view' },
  params: z.object({ orgCode: orgCode(), id: id() }),
  response: z.object({ results: z.array(AssignedStudent) }),
});

export const therapistAssignedDepartments = defineCall(route.therapistAssignedDepartments, {
  summary: 'Departments a therapist membership belongs to',
  access: { kind: 'org', permission: 'students.view' },
  params: z.object({ orgCode: orgCode(), id: id() }),
  response: z.object({ results: z.array(z.object({ id: z.uuid(), name: z.string() })) }),
});
