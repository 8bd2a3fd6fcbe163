import { defineRoutes, TENANT } from './define';

export const people = defineRoutes('people', {
  listTherapists: ['GET', `${TENANT}/organization/:orgCode/therapists/`],
  listStudents: ['GET', `${TENANT}/organization/:orgCode/students/`],
  listParents: ['GET', `${TENANT}/organization/:orgCode/parents/`],
});
