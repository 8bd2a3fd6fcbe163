/** The programs screens' fallback texts for failed calls, used verbatim (src/shared/api/error-text.ts turns an error into a sentence). */
export const PROGRAMS_ERROR_TEXT = {
  fetchPrograms: 'Failed to fetch programs',
  fetchProgram: 'Failed to fetch program',
  createProgram: 'Failed to create program',
  updateProgram: 'Failed to update program',
  deleteProgram: 'Failed to delete program',
  deletePrograms: 'Failed to delete programs',
  fetchProgramStudents: 'Failed to fetch program students',
  fetchProgramTeam: 'Failed to fetch program team',
  fetchProgramDepartments: 'Failed to fetch program departments',
} as const;
