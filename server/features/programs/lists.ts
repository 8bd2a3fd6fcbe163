/**
 * The program screens' lists: programs (paged and full), a program's students,
 * its candidate enrollments, departments and team. Each answers in a fixed number of queries
 * whatever the page size (never one per row). Rules are in service.ts.
 */
import type { OrganizationId } from '../../lib/ids';
import type { Tx } from '../../db/handles';
import { notFound } from '../../lib/app-error';
import { windowOf, withTotal, type PageRequest } from '../../lib/pagination';
import * as lists from './list-repository';
import { requireProgram } from './service';

export async function programPage(
  tx: Tx,
  organizationId: OrganizationId,
  filter: lists.ProgramFilter & { ordering: lists.ProgramOrdering },
  request: PageRequest,
) {
  const rows = await lists.pagePrograms(tx, organizationId, filter, filter.ordering, windowOf(request));
  const counts = await lists.programCounts(tx, organizationId, filter);
  return { rows, ...counts };
}

/** Every program (matching the search), by name, each with its departments: three queries. */
export async function programsFull(tx: Tx, organizationId: OrganizationId, search: string | undefined) {
  const rows = await lists.pagePrograms(tx, organizationId, { search }, 'name');
  const { countAll } = await lists.programCounts(tx, organizationId, {});
  const pairs = await lists.selectAllProgramDepartments(
    tx,
    organizationId,
    rows.map((r) => r.id),
  );
  return {
    countAll,
    rows: rows.map((r) => ({ ...r, departments: pairs.filter((p) => p.programId === r.id).map((p) => ({ id: p.id, name: p.name })) })),
  };
}

/** One program as the list shows it; another organization's id is not found. */
export async function programRow(tx: Tx, organizationId: OrganizationId, programId: string) {
  const [row] = await lists.pagePrograms(tx, organizationId, { id: programId }, 'name', { limit: 1, offset: 0 });
  if (!row) {
    throw notFound('Program');
  }
  return row;
}

export async function programStudentPage(
  tx: Tx,
  organizationId: OrganizationId,
  programId: string,
  search: string | undefined,
  request: PageRequest,
) {
  await requireProgram(tx, organizationId, programId);
  return withTotal((w) => lists.pageProgramStudents(tx, organizationId, { programId, search }, w), request);
}

/** One program student as the list shows it. */
export async function programStudentRow(tx: Tx, organizationId: OrganizationId, programId: string, enrollmentId: string) {
  const [row] = await lists.pageProgramStudents(tx, organizationId, { programId, enrollmentId }, { limit: 1, offset: 0 });
  if (!row) {
    throw notFound('Program student');
  }
  return row;
}

export async function candidatePage(
  tx: Tx,
  organizationId: OrganizationId,
  programId: string,
  search: string | undefined,
  request: PageRequest,
) {
  await requireProgram(tx, organizationId, programId);
  return withTotal((w) => lists.pageCandidateEnrollments(tx, organizationId, programId, search, w), request);
}

export async function programDepartments(tx: Tx, organizationId: OrganizationId, programId: string) {
  await requireProgram(tx, organizationId, programId);
  return lists.selectProgramDepartments(tx, organizationId, programId);
}

export async function programMemberPage(
  tx: Tx,
  organizationId: OrganizationId,
  programId: string,
  filter: { search?: string | undefined; departmentId?: string | undefined; ordering: lists.MemberOrdering },
  request: PageRequest,
) {
  await requireProgram(tx, organizationId, programId);
  return withTotal((w) => lists.pageProgramMembers(tx, organizationId, programId, filter, w), request);
}
