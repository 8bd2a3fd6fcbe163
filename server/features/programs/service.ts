/**
 * Programs: named groups of students an organization runs.
 *
 * Rules:
 * - Every call is bound to one organization and runs in its tenant transaction; ids of another
 *   organization's rows are "not found" (never reveal existence).
 * - A program has a name (trimmed, required, unique in its organization regardless of case) and a
 *   description ('' when not given). The list answers count_all (all of the organization's programs,
 *   whatever the search) and `count` (the filtered total); search matches the name; ordering name,
 *   -name, created, -created (default name). programs-full answers every program at once (no page:
 *   an organization has tens of programs, the enrollment form and pickers need them all), each with
 *   the departments its students are placed in.
 * - A program's students are enrollments (added by enrollment_id). Only an active,
 *   unarchived enrollment joins a program: an archived one, or one pending, on hold or discharged, is
 *   refused with 409 and the reason (the app shows it under 'Unable to add student'). Adding an
 *   enrollment already in the program answers the existing row. Candidates (candidate-enrollments)
 *   are exactly the enrollments that adding would accept. Removing an enrollment that is not in the
 *   program is 404 "The enrollment is not in this program." (shown under 'Unable to remove student').
 *   An enrollment that later goes on hold or is discharged stays in its programs: that is history the
 *   owner changes by removing it, not something that happens behind their back.
 * - Reading a program, its students, departments and team needs programs.view; the candidates list
 *   needs programs.manage, like adding (it lists enrollments that are not the program's: it exists
 *   only to add from).
 * - Deleting a student or an enrollment takes its program links with it (database cascade, not
 *   recorded link by link here: the enrollment's deletion is the event).
 * - Departments of a program: the departments its students are placed in (department_students), each
 *   with how many of the program's students are there.
 * - The program's team (members): active *therapist* memberships on the team of one of the
 *   program's departments, each once, with the program's departments they are on. Search matches name
 *   and e-mail; department_id narrows to one department; ordering name, -name, joined, -joined; `size`
 *   is the page size (page_size works too; size wins). employment_type and location_type are
 *   not recorded anywhere in Thera: a non-empty value is a 400 field error saying so (never silently
 *   ignored, which would show an unfiltered team as if it were filtered); empty is accepted.
 * - Deleting a program is allowed with students in it: the links go with it (the enrollments stay,
 *   a link holds no data of its own) and each one is recorded in the trail. Bulk delete is one
 *   transaction that deletes every program it finds and answers unknown ids in `failed` (NOT_FOUND),
 *   the departments' answer shape.
 * - Every change is recorded in the organization's audit trail in the same transaction: entity
 *   program, and program_student scoped `{ program, enrollment, student }`.
 */
import type { z } from 'zod';
import { newId } from '../../lib/ids';
import type { RequestContext } from '../../lib/request-context';
import { collection, collectionPage, listedRow, ONE_ROW } from '../../lib/collection';
import { patchOf } from '../../lib/row-patch';
import type {
  CreateProgramBody,
  ListProgramsFullQuery,
  ListProgramsQuery,
  Program,
  ProgramFull,
  UpdateProgramBody,
} from '../../../contract/programs';
import * as repo from './repository';
import { selectProgramStudentsOf } from './repository-students';
import { selectAllProgramDepartments } from './repository-team';
import { audited, linkChange, presentProgram, presentProgramFull, UNIQUE_CONSTRAINTS } from './present';

const programCollection = collection({
  rows: repo.programRows,
  entity: 'program',
  label: 'Program',
  audited,
  nameTaken: UNIQUE_CONSTRAINTS.programs_name_uq,
  // A program's student links go with it, each recorded (the enrollments stay).
  dependents: async (ctx, found) => (await selectProgramStudentsOf(ctx.tx, ctx.org.id, found)).map((l) => linkChange('delete', l)),
});

// ---- reading -----------------------------------------------------------------------------------

export async function listPrograms(ctx: RequestContext, query: z.output<typeof ListProgramsQuery>) {
  const filter = { search: query.search };
  return collectionPage(ctx, query, {
    rows: (window) => repo.pagePrograms(ctx.tx, ctx.org.id, filter, query.ordering, window),
    present: presentProgram,
    stats: async () => ({ count_all: (await repo.programCounts(ctx.tx, ctx.org.id)).countAll }),
  });
}

/** Every program (matching the search), by name, each with its departments: three queries. */
export async function listProgramsFull(
  ctx: RequestContext,
  query: z.output<typeof ListProgramsFullQuery>,
): Promise<{ count_all: number; results: z.input<typeof ProgramFull>[] }> {
  const rows = await repo.pagePrograms(ctx.tx, ctx.org.id, { search: query.search }, 'name');
  const { countAll } = await repo.programCounts(ctx.tx, ctx.org.id);
  const pairs = await selectAllProgramDepartments(
    ctx.tx,
    ctx.org.id,
    rows.map((row) => row.id),
  );
  return { count_all: countAll, results: rows.map((row) => presentProgramFull(row, pairs)) };
}

/** One program as the list shows it; another organization's id is not found. */
async function readProgram(ctx: RequestContext, programId: string): Promise<Program> {
  return presentProgram(await listedRow('Program', repo.pagePrograms(ctx.tx, ctx.org.id, { id: programId }, 'name', ONE_ROW)));
}

/** The program, or 404: what every call on one program checks first. */
export const requireProgram = programCollection.require;

// ---- writing -----------------------------------------------------------------------------------

export async function createProgram(ctx: RequestContext, body: z.output<typeof CreateProgramBody>): Promise<Program> {
  await programCollection.checkName(ctx, body.name);
  const created = await programCollection.create(ctx, { id: newId(), name: body.name, description: body.description });
  // A new program has no students yet: nothing more to read.
  return presentProgram({ ...created, studentsCount: 0 });
}

export async function updateProgram(ctx: RequestContext, programId: string, body: z.output<typeof UpdateProgramBody>): Promise<Program> {
  const current = await requireProgram(ctx, programId);
  await programCollection.checkName(ctx, body.name, current);
  await programCollection.update(ctx, current, patchOf(body, { name: 'name', description: 'description' }));
  return readProgram(ctx, programId);
}

/** Deletes the programs it finds, with their student links (each recorded); unknown ids are answered in `failed`. */
export const bulkDeletePrograms = programCollection.bulkDelete;

/** Deletes one program with its student links, or 404. */
export const deleteProgram = programCollection.deleteOne;
