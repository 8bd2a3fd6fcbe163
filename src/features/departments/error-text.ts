/** The departments screens' fallback texts for failed calls, used verbatim (src/shared/api/error-text.ts turns an error into a sentence). */
export const DEPARTMENTS_ERROR_TEXT = {
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
  addDepartmentMember: 'Failed to create department member',
  removeDepartmentMember: 'Failed to delete department member',
  assignTherapist: 'Failed to create therapist assignment',
  unassignTherapist: 'Failed to delete therapist assignment',
} as const;
