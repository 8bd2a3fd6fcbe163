/**
 * A program's departments (where its students are placed) and its team (the therapists on those
 * departments' teams). The rules are in service.ts.
 */
import type { z } from 'zod';
import { asDepartmentId } from '../../lib/ids';
import type { RequestContext } from '../../lib/request-context';
import { readPage } from '../../lib/pagination';
import type { ListProgramMembersQuery, ProgramDepartment } from '../../../contract/programs';
import * as repo from './repository-team';
import { requireProgram } from './service';
import { presentProgramDepartment, presentProgramMember } from './present';

export async function listProgramDepartments(
  ctx: RequestContext,
  programId: string,
): Promise<{ results: z.input<typeof ProgramDepartment>[] }> {
  await requireProgram(ctx, programId);
  const rows = await repo.selectProgramDepartments(ctx.tx, ctx.org.id, programId);
  return { results: rows.map(presentProgramDepartment) };
}

export async function listProgramMembers(ctx: RequestContext, programId: string, query: z.output<typeof ListProgramMembersQuery>) {
  await requireProgram(ctx, programId);
  // `size` names the page size in this call; page_size works too, and size wins.
  const pageQuery = { page: query.page, page_size: query.size ?? query.page_size };
  const filter = { search: query.search, departmentId: asDepartmentId(query.department_id), ordering: query.ordering };
  return readPage(
    ctx.url,
    pageQuery,
    (window) => repo.pageProgramMembers(ctx.tx, ctx.org.id, programId, filter, window),
    presentProgramMember,
  );
}
