/** What the seed uses of classrooms: a classroom and its students. */
export { createClassroom } from './service';
export { addClassroomStudent } from './service-students';
