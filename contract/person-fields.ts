import { z } from 'zod';

/**
 * How a list names a person, declared once: a member (their membership and its user) and a student
 * (by the student's id and code), each with their name. A list's item spreads the one it shows
 * (`...MemberFields.shape`) where its fields stand; the server fills them with `presentMemberFields`
 * and `presentStudentFields`.
 */
export const MemberFields = z.object({
  membership_id: z.uuid(),
  user_id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
});

export const StudentFields = z.object({
  student_id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  code: z.string(),
});
