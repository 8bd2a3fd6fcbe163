/** The classrooms screens' fallback texts for failed calls, used verbatim (src/shared/api/error-text.ts turns an error into a sentence). */
export const CLASSROOMS_ERROR_TEXT = {
  fetchClassrooms: 'Failed to fetch classrooms',
  fetchClassroom: 'Failed to fetch classroom',
  createClassroom: 'Failed to create classroom',
  updateClassroom: 'Failed to update classroom',
  deleteClassroom: 'Failed to delete classroom',
  deleteClassrooms: 'Failed to delete classrooms',
  fetchClassroomStudents: 'Failed to fetch classroom students',
  fetchTherapists: 'Failed to fetch therapists',
} as const;
