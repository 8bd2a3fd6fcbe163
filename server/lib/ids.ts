import { randomInt } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

/**
 * Branded ids: a plain string is not an OrganizationId, an OrganizationId is not a UserId, a
 * StudentId is not a MembershipId, and so on, so swapped arguments fail to type-check. Rows read
 * through the schema carry them already: the primary keys and every column holding one of these ids
 * are typed with $type (server/db/schema), so a student's row, a session's therapist_membership_id
 * or a goal's department_id arrive branded. OrgAccess and SignedIn carry them from sign-in, and
 * newId() makes an id of the kind its row takes. Anything else (a value parsed from a request, an
 * id read out of the audit trail's JSON, a contract answer's id, a test's own rows) names its kind
 * once, with the `as…Id` of its kind, where it enters the server.
 */
export type OrganizationId = string & { readonly __brand: 'OrganizationId' };
export type UserId = string & { readonly __brand: 'UserId' };
export const asOrganizationId = (id: string) => id as OrganizationId;
export const asUserId = (id: string) => id as UserId;

/**
 * The ids that cross feature lines: a student, a membership, a session and a department are each
 * passed from one feature to another (the student scope, the collector, scheduling, the people
 * directory), and a swap between them would read another record of the same organization. The
 * other rows' ids (goals, services, classrooms, programs) stay plain strings.
 */
export type StudentId = string & { readonly __brand: 'StudentId' };
export type MembershipId = string & { readonly __brand: 'MembershipId' };
export type SessionId = string & { readonly __brand: 'SessionId' };
export type DepartmentId = string & { readonly __brand: 'DepartmentId' };

/** A brand for a plain string id, keeping an absent one absent (an optional query field stays optional). */
type Branded<T, Id> = T extends string ? Id : T;
const brand =
  <Id extends string>() =>
  <T extends string | null | undefined>(id: T) =>
    id as unknown as Branded<T, Id>;
export const asStudentId = brand<StudentId>();
export const asMembershipId = brand<MembershipId>();
export const asSessionId = brand<SessionId>();
export const asDepartmentId = brand<DepartmentId>();
/** A list of them, as a request names them: the same ids, of their kind. */
const brandAll =
  <Id extends string>() =>
  (ids: string[]) =>
    ids as Id[];
export const asStudentIds = brandAll<StudentId>();
export const asMembershipIds = brandAll<MembershipId>();
export const asDepartmentIds = brandAll<DepartmentId>();

/**
 * Row ids: UUID v7, time-ordered for index locality. A new id is of whatever kind the row it is made
 * for takes (a new student's is a StudentId): it names no other row yet, so it can be no other kind.
 */
export const newId = <Id extends string = string>(): Id => uuidv7() as Id;

// No 0/O, 1/I/L: codes are read aloud and typed by parents.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const ORG_CODE_LENGTH = 6;

/** A short human organization code, e.g. `K7RM2Q`; callers retry on the rare collision. */
export function newOrganizationCode(length = ORG_CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i += 1) {
    code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  }
  return code;
}
