import { defineRoutes } from './define';

export const studentRecord = defineRoutes('studentRecord', {
  getStudentRecord: ['GET', '/api/student-record/organization/:orgId/students/:studentId/'],
});
