import { defineRoutes } from './define';

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
