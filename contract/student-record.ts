import { z } from 'zod';
import { id } from './fields';
import { studentRecord as route } from './routes';
import { defineCall } from './http';
import { AssignedGoal } from './goals-library';
import { MasteryMeasure } from './mastery';
import { StudentPart } from './enrollment-templates';
import { OrgStatus, ParentStatus } from './enrollments';

const Named = z.object({ id: z.uuid(), name: z.string() });

export const RecordTherapist = z.object({
  assignment_id: z.uuid().describe('The department-student-therapist link (unassign it with its id)'),
  membership_id: z.uuid(),
  name: z.string(),
});

export const RecordDepartment = Named.extend({
  department_student_id: z.uuid().describe("The student's place in the department (assign therapists to it, or take it away)"),
  therapists: z.array(RecordTherapist),
});
export type RecordDepartment = z.infer<typeof RecordDepartment>;

/** A goal's data at a glance: how many sessions have data, the last one and its result in the goal's own measure. */
export const GoalSummary = z.object({
  sessions_with_data: z.number().int(),
  last_session_at: z.string().nullable(),
  /** The last session's figure in `measure` (a percentage, a count, minutes), null without data. */
  last_result: z.number().nullable(),
  measure: MasteryMeasure.describe("The criterion's measure, else the goal's natural one (percent correct, count per session, minutes)"),
});
export const StudentRecordGoal = AssignedGoal.extend({ summary: GoalSummary });
export type StudentRecordGoal = z.infer<typeof StudentRecordGoal>;

/** Who the student is, as their page names them. */
const RecordStudent = z.object({
  id: z.uuid(),
  number: z.number().int(),
  code: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** Only when the viewer opens the student's identity, and the parent gave it. */
  birth_date: z.string().nullable(),
});

export const StudentRecord = z.object({
  student: RecordStudent,
  enrollment: z
    .object({
      id: z.uuid(),
      org_status: OrgStatus,
      parent_status: ParentStatus,
      is_archived: z.boolean(),
      created_at: z.string(),
    })
    .nullable()
    .describe('The current enrollment: the open one, else the latest; null when never enrolled'),
  departments: z.array(RecordDepartment),
  programs: z.array(Named.extend({ enrollment_id: z.uuid().describe('The enrollment the program holds (take it out with its id)') })),
  classroom: Named.extend({ seat_id: z.uuid() }).nullable(),
  /** The goals with their data summaries; null when goals and data are closed to the viewer (see parts). */
  goals: z.array(StudentRecordGoal).nullable(),
  parts: z.object({ open: z.array(StudentPart), closed: z.array(StudentPart) }),
  can: z.object({
    manage_goals: z.boolean(),
    manage_departments: z.boolean(),
    manage_programs: z.boolean(),
    manage_classroom: z.boolean(),
  }),
});
export type StudentRecord = z.infer<typeof StudentRecord>;

export const getStudentRecord = defineCall(route.getStudentRecord, {
  summary:
    "A student's record: who they are, their enrollment, placements and therapists, and their goals with a data summary (the parts the viewer's role opens; the opening is on the trail)",
  access: { kind: 'org', permission: 'students.view' },
  params: z.object({ orgId: id(), studentId: id() }),
  response: StudentRecord,
});
