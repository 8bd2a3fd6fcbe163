import { isApiError, isRecord, serverText } from './api-error';

/** Fallback texts from spec §8, used verbatim. */
export const ERROR_TEXT = {
  generic: 'An unknown error occurred.',
  login: 'Login failed.',
  register: 'Registration failed',
  registerNetwork: 'Network or system error',
  changePassword: 'Failed to change password.',
  changeEmail: 'Failed to change email. Please try again.',
  lockAccount: 'Failed to lock account',
  unlockAccount: 'Failed to unlock account',
  fetchOrganizations: 'Failed to fetch organizations',
  switchOrganization: 'Failed to update organization',
  fetchSettings: 'Failed to fetch organization settings',
  updateSettings: 'Failed to update organization settings',
  fetchProfile: 'Failed to fetch profile',
  updateProfile: 'Failed to update profile',
  fetchServices: 'Failed to fetch services',
  createService: 'Failed to create service',
  updateService: 'Failed to update service',
  deleteService: 'Failed to delete service',
  deleteServices: 'Failed to delete services',
  fetchDashboard: 'Failed to fetch dashboard',
  fetchDepartments: 'Failed to fetch departments',
  fetchDepartment: 'Failed to fetch department',
  createDepartment: 'Failed to create department',
  updateDepartment: 'Failed to update department',
  deleteDepartment: 'Failed to delete department',
  deleteDepartments: 'Failed to delete departments',
  fetchDepartmentMembers: 'Failed to fetch department members',
  fetchDepartmentStudents: 'Failed to fetch department students',
  fetchDepartmentHistory: 'Failed to fetch department history',
  fetchOrganizationMembers: 'Failed to fetch organization members',
  fetchStudents: 'Failed to fetch students',
  addDepartmentMember: 'Failed to create department member',
  removeDepartmentMember: 'Failed to delete department member',
  addStudent: 'Unable to add student',
  removeStudent: 'Unable to remove student',
  assignTherapist: 'Failed to create therapist assignment',
  unassignTherapist: 'Failed to delete therapist assignment',
  fetchClassrooms: 'Failed to fetch classrooms',
  fetchClassroom: 'Failed to fetch classroom',
  createClassroom: 'Failed to create classroom',
  updateClassroom: 'Failed to update classroom',
  deleteClassroom: 'Failed to delete classroom',
  deleteClassrooms: 'Failed to delete classrooms',
  fetchClassroomStudents: 'Failed to fetch classroom students',
  fetchPrograms: 'Failed to fetch programs',
  fetchProgram: 'Failed to fetch program',
  createProgram: 'Failed to create program',
  updateProgram: 'Failed to update program',
  deleteProgram: 'Failed to delete program',
  deletePrograms: 'Failed to delete programs',
  fetchProgramStudents: 'Failed to fetch program students',
  fetchProgramTeam: 'Failed to fetch program team',
  fetchProgramDepartments: 'Failed to fetch program departments',
  fetchTherapists: 'Failed to fetch therapists',
  fetchPeople: 'Failed to fetch people',
  fetchRoles: 'Failed to fetch roles',
  createRole: 'Failed to create role',
  updateRole: 'Failed to update role',
  deleteRole: 'Failed to delete role',
  fetchMembers: 'Failed to fetch members',
  assignRole: 'Failed to update role',
} as const;

/** A call's fallback: one text, or one for answered failures and another for network failures. */
export type ErrorFallback = string | { text: string; network?: string };

/**
 * The one place that turns an error into a sentence: the server's `detail` (or `error`),
 * else the error's own message, else the call's fallback, else 'An unknown error occurred.'.
 * An ApiError's message is ours, not the server's, so it never stands in for the fallback.
 */
export function errorText(error: unknown, fallback: ErrorFallback = ERROR_TEXT.generic): string {
  const text = typeof fallback === 'string' ? fallback : fallback.text;
  const network = typeof fallback === 'string' ? undefined : fallback.network;
  if (isApiError(error)) {
    const fromServer = serverText(error.body);
    if (fromServer) {
      return fromServer;
    }
    if (error.isNetworkError && network) {
      return network;
    }
    return text || ERROR_TEXT.generic;
  }
  // Error bodies handed around as plain objects (e.g. collector results) follow the same rule.
  const fromBody = serverText(error);
  if (fromBody) {
    return fromBody;
  }
  if (isRecord(error) || error instanceof Error) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') {
      return message;
    }
  }
  return text || ERROR_TEXT.generic;
}

/**
 * An action's refusal with the spec's words first and the server's reason after them:
 * "Unable to add student: Room 4 is full: 1 of 1 seats are taken." (just the fallback without a reason).
 */
export function refusalText(error: unknown, fallback: string): string {
  const reason = errorText(error, fallback);
  return reason === fallback ? fallback : `${fallback}: ${reason}`;
}
