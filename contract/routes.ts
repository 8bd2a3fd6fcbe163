/**
 * Where every call goes: its method and path, per feature. This file imports nothing, so the app
 * can name a call, build its URL and send it (the outbox does, the session check at start-up does)
 * without loading the schemas. Each feature's contract file declares the rest of the call (who may
 * make it, what it takes and answers) with `defineCall(route, ...)`; the app's API client loads
 * those schemas on first use (src/shared/api/calls.ts). A contract test checks that every route has
 * its call under the same name, and every call its route.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route<F extends string = string, N extends string = string> {
  /** The contract module (contract/index.ts) and the export in it that declares this call. */
  readonly feature: F;
  readonly name: N;
  readonly method: Method;
  /** Path with `:name` parameters, always ending in a slash (trailing slash is optional on the wire). */
  readonly path: string;
}

function defineRoutes<F extends string, T extends Record<string, readonly [Method, string]>>(
  feature: F,
  table: T,
): { readonly [N in keyof T & string]: Route<F, N> } {
  const routes: Record<string, Route> = {};
  for (const [name, [method, path]] of Object.entries(table)) {
    routes[name] = Object.freeze({ feature, name, method, path });
  }
  return routes as { readonly [N in keyof T & string]: Route<F, N> };
}

/** Fills `:name` parameters of a path. */
export function buildPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) {
      throw new Error(`Missing path parameter ${name}`);
    }
    return encodeURIComponent(String(value));
  });
}

const AUTH = '/api/users/auth';
export const accounts = defineRoutes('accounts', {
  register: ['POST', `${AUTH}/register/`],
  login: ['POST', `${AUTH}/login/`],
  logout: ['POST', `${AUTH}/logout/`],
  session: ['GET', `${AUTH}/session/`],
  changePassword: ['PATCH', `${AUTH}/change-password/`],
  changeEmail: ['PATCH', `${AUTH}/change-email/`],
  lockAccount: ['POST', `${AUTH}/lock-account/`],
  unlockAccount: ['POST', `${AUTH}/unlock-account/`],
  updateProfile: ['PATCH', `${AUTH}/profile/`],
});

const TENANT = '/api/tenant-management';
export const organizations = defineRoutes('organizations', {
  listOrganizations: ['GET', `${TENANT}/organizations/`],
  setActiveOrganization: ['POST', `${TENANT}/active-organization/`],
  searchOrganizations: ['GET', `${TENANT}/lookup/organizations/search/`],
  resolveOrganization: ['GET', `${TENANT}/lookup/organizations/resolve/`],
  getOrganizationSettings: ['GET', `${TENANT}/organization/profile/settings/`],
  updateOrganizationSettings: ['PUT', `${TENANT}/organization/profile/settings/`],
  getOwnerProfile: ['GET', `${TENANT}/organization-owner/profile/`],
  updateOwnerProfile: ['PATCH', `${TENANT}/organization-owner/profile/`],
});

export const memberships = defineRoutes('memberships', {
  myMemberships: ['GET', '/api/therapist-management/my-memberships/'],
});

const MEMBERSHIP = `${TENANT}/organization/:orgCode/memberships/:id`;
export const departments = defineRoutes('departments', {
  therapistAssignedStudents: ['GET', `${MEMBERSHIP}/therapist-assigned-students/`],
  therapistAssignedDepartments: ['GET', `${MEMBERSHIP}/therapist-assigned-departments/`],
  listDepartments: ['GET', `${TENANT}/organization/:orgCode/departments/`],
  createDepartment: ['POST', `${TENANT}/organization/:orgCode/departments/`],
  getDepartment: ['GET', `${TENANT}/departments/:id/`],
  updateDepartment: ['PATCH', `${TENANT}/departments/:id/`],
  deleteDepartment: ['DELETE', `${TENANT}/departments/:id/`],
  bulkDeleteDepartments: ['POST', `${TENANT}/organization/:orgCode/departments/bulk-delete/`],
  departmentHistory: ['GET', `${TENANT}/departments/:id/history/`],
  listDepartmentMembers: ['GET', `${TENANT}/departments/:id/members/`],
  addDepartmentMember: ['POST', `${TENANT}/departments/:id/members/`],
  removeDepartmentMember: ['DELETE', `${TENANT}/departments/:id/members/:memberId/`],
  listOrganizationMembers: ['GET', `${TENANT}/organization-members/:orgCode/`],
  listDepartmentStudents: ['GET', `${TENANT}/departments/:id/students/`],
  addDepartmentStudent: ['POST', `${TENANT}/departments/:id/students/`],
  bulkDeleteDepartmentStudents: ['POST', `${TENANT}/departments/:id/students/bulk-delete/`],
  updateDepartmentStudent: ['PATCH', `${TENANT}/department-students/:id/`],
  deleteDepartmentStudent: ['DELETE', `${TENANT}/department-students/:id/`],
  listAssignedTherapists: ['GET', `${TENANT}/department-students/:id/therapists/`],
  assignTherapist: ['POST', `${TENANT}/department-students/:id/therapists/`],
  unassignTherapist: ['DELETE', `${TENANT}/department-students-therapists/:id/`],
});

const CLASSROOMS = '/api/classrooms';
export const classrooms = defineRoutes('classrooms', {
  listClassrooms: ['GET', `${CLASSROOMS}/organization/:orgCode/classrooms/`],
  createClassroom: ['POST', `${CLASSROOMS}/organization/:orgCode/classrooms/`],
  bulkDeleteClassrooms: ['POST', `${CLASSROOMS}/organization/:orgCode/classrooms/bulk-delete/`],
  getClassroom: ['GET', `${CLASSROOMS}/organization/:orgCode/classrooms/:id/`],
  updateClassroom: ['PATCH', `${CLASSROOMS}/organization/:orgCode/classrooms/:id/`],
  deleteClassroom: ['DELETE', `${CLASSROOMS}/organization/:orgCode/classrooms/:id/`],
  listClassroomStudents: ['GET', `${CLASSROOMS}/classrooms/:id/students/`],
  addClassroomStudent: ['POST', `${CLASSROOMS}/classrooms/:id/students/`],
  removeClassroomStudent: ['DELETE', `${CLASSROOMS}/classrooms/students/:id/`],
});

export const programs = defineRoutes('programs', {
  listPrograms: ['GET', `${TENANT}/organization/:orgCode/programs/`],
  createProgram: ['POST', `${TENANT}/organization/:orgCode/programs/`],
  listProgramsFull: ['GET', `${TENANT}/organization/:orgCode/programs-full/`],
  bulkDeletePrograms: ['POST', `${TENANT}/organization/:orgCode/programs/bulk-delete/`],
  updateProgram: ['PATCH', `${TENANT}/programs/:id/`],
  deleteProgram: ['DELETE', `${TENANT}/programs/:id/`],
  listProgramStudents: ['GET', `${TENANT}/programs/:id/program-students/`],
  listCandidateEnrollments: ['GET', `${TENANT}/programs/:id/candidate-enrollments/`],
  addProgramStudent: ['POST', `${TENANT}/programs/:id/students/manage/`],
  removeProgramStudent: ['DELETE', `${TENANT}/programs/:id/students/manage/:enrollmentId/`],
  listProgramDepartments: ['GET', `${TENANT}/programs/:id/departments/`],
  listProgramMembers: ['GET', `${TENANT}/programs/:id/members/`],
});

export const goalsLibrary = defineRoutes('goalsLibrary', {
  departmentAssignedGoals: ['GET', `${MEMBERSHIP}/departments/:deptId/assigned-goals/`],
  organizationAssignedGoals: ['GET', '/api/theragoals/organization/:orgId/assigned-goals/'],
});

export const people = defineRoutes('people', {
  listTherapists: ['GET', `${TENANT}/organization/:orgCode/therapists/`],
  listStudents: ['GET', `${TENANT}/organization/:orgCode/students/`],
  listParents: ['GET', `${TENANT}/organization/:orgCode/parents/`],
});

export const dashboards = defineRoutes('dashboards', {
  dashboardSummary: ['GET', `${TENANT}/organization/:orgCode/dashboard/summary/`],
  membershipDashboard: ['GET', `${TENANT}/memberships/:id/dashboard/`],
});

export const roles = defineRoutes('roles', {
  listRoles: ['GET', `${TENANT}/organization/:orgId/roles/`],
  createRole: ['POST', `${TENANT}/organization/:orgId/roles/`],
  listPermissionKeys: ['GET', `${TENANT}/roles/permission-keys/`],
  updateRole: ['PATCH', `${TENANT}/roles/:roleId/`],
  deleteRole: ['DELETE', `${TENANT}/roles/:roleId/`],
  assignMembershipRole: ['PATCH', `${TENANT}/organization/:orgCode/memberships/:id/role/`],
  myAccess: ['GET', `${TENANT}/organization/:orgCode/my-access/`],
});

export const services = defineRoutes('services', {
  listServices: ['GET', `${TENANT}/organization/:orgCode/services/`],
  createService: ['POST', `${TENANT}/organization/:orgCode/services/`],
  updateService: ['PATCH', `${TENANT}/services/:id/`],
  deleteService: ['DELETE', `${TENANT}/services/:id/`],
  bulkDeleteServices: ['POST', `${TENANT}/services/bulk-delete/`],
});

export const audit = defineRoutes('audit', {
  listAuditEntries: ['GET', `${TENANT}/organization/:orgCode/audit/`],
});

const WORKSPACE = `${TENANT}/organization/workspace`;
export const workspace = defineRoutes('workspace', {
  openWorkspace: ['POST', `${WORKSPACE}/open/`],
  closeWorkspace: ['PATCH', `${WORKSPACE}/close/:usageId/`],
});

const THERASESSIONS = '/api/scheduling/therasessions';
export const scheduling = defineRoutes('scheduling', {
  listTherasessions: ['GET', `${THERASESSIONS}/`],
  createTherasession: ['POST', `${THERASESSIONS}/`],
  startTherasession: ['POST', `${THERASESSIONS}/:id/start/`],
  endTherasession: ['POST', `${THERASESSIONS}/:id/end/`],
});

const COLLECTOR = '/api/collector';
export const collector = defineRoutes('collector', {
  getSession: ['GET', `${COLLECTOR}/sessions/:id/`],
  sessionConflicts: ['GET', `${COLLECTOR}/sessions/:id/conflicts/`],
  upsertPoints: ['POST', `${COLLECTOR}/sessions/:id/points/`],
  deletePoints: ['DELETE', `${COLLECTOR}/sessions/:id/points/`],
  upsertPoint: ['POST', `${COLLECTOR}/datapoints/`],
  correctPoint: ['POST', `${COLLECTOR}/datapoints/:id/correct/`],
  currentTrial: ['GET', `${COLLECTOR}/trials/current/`],
  startNextTrial: ['POST', `${COLLECTOR}/trials/start-next/`],
  completeTrial: ['POST', `${COLLECTOR}/trials/complete/`],
  startFocus: ['POST', `${COLLECTOR}/sessions/:id/focus/start/`],
  stopFocus: ['POST', `${COLLECTOR}/sessions/:id/focus/stop/`],
  studentHistory: ['GET', `${COLLECTOR}/students/:studentId/history/`],
});
