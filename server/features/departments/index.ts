/** What other server features may use of departments: putting a member on a department's team. */
export { joinTeam } from './service-team';

// The seed also builds departments with students and their therapists.
export { createDepartment } from './service';
export { addDepartmentStudent, assignTherapist } from './service-students';
