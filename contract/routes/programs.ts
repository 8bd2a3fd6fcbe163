import { defineRoutes, TENANT } from './define';

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
