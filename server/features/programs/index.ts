/** What the seed uses of programs: a program and its students. */
export { createProgram } from './service';
export { addProgramStudent } from './service-students';
