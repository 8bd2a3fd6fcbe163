import { asc, ilike, or } from 'drizzle-orm';
import { students } from '../db/schema/enrollments';
import { users } from '../db/schema/accounts';
import { containing } from './pagination';

/**
 * How the admin lists show, search and sort people, written once: a student by name and code, a
 * member (a user) by name and, where the list shows it, e-mail. Every list of a parent's students
 * or team (departments, programs, classrooms) is configured with these.
 */

/** The student fields each student row of a list carries. */
export const studentFields = { studentId: students.id, firstName: students.firstName, lastName: students.lastName, code: students.code };

/** A user's name columns, as every list of people reads them (`email` where the list shows it). */
export const userNameFields = { firstName: users.firstName, lastName: users.lastName };
export const userContactFields = { ...userNameFields, email: users.email };

type Named = { firstName: string; lastName: string };

/** A person's name as the contract names its fields. */
const presentName = (p: Named) => ({ first_name: p.firstName, last_name: p.lastName });

/** A student row of a list as the contract names its fields. */
export const presentStudentFields = (s: Named & { studentId: string; code: string }) => ({
  student_id: s.studentId,
  ...presentName(s),
  code: s.code,
});

/** A member (a membership and its user) on a list, as the contract names the fields. */
export const presentMemberFields = (m: Named & { membershipId: string; userId: string }) => ({
  membership_id: m.membershipId,
  user_id: m.userId,
  ...presentName(m),
});

/** A search over a student's first name, last name and code; undefined for no search. */
export function studentSearch(search: string | undefined) {
  const pattern = containing(search);
  return pattern ? or(ilike(students.firstName, pattern), ilike(students.lastName, pattern), ilike(students.code, pattern)) : undefined;
}

/** A search over a member's names (and e-mail when the list shows it); undefined for no search. */
export function memberSearch(search: string | undefined, withEmail = false) {
  const pattern = containing(search);
  if (!pattern) {
    return undefined;
  }
  return or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), withEmail ? ilike(users.email, pattern) : undefined);
}

/** By last name, then first name. */
export const byStudentName = [asc(students.lastName), asc(students.firstName)];
export const byUserName = [asc(users.lastName), asc(users.firstName)];
