import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Route } from '../../contract/routes/define';
import { useAddChildMutation, useRemoveChildMutation, type ChildRows } from '../../src/shared/admin/child-mutations';
import { CLASSROOM_STUDENTS } from '../../src/features/classrooms/mutations';
import { DEPARTMENT_MEMBERS, DEPARTMENT_STUDENTS } from '../../src/features/departments/mutations';
import { PROGRAM_STUDENTS } from '../../src/features/programs/mutations';
import { renderAdmin } from '../helpers/render-admin';

const PARENT = '0190f5a2-7c1e-7000-8000-0000000000aa';
const KEY = '0190f5a2-7c1e-7000-8000-0000000000bb';
const fetchMock = vi.fn<typeof fetch>();

type Mutations = { add: (key: string) => Promise<unknown>; remove: (key: string) => Promise<unknown> };

/** The two calls of a child list's table, as a screen holds them. */
async function mutationsOf(rows: ChildRows<Route, Route>): Promise<Mutations & { unmount: () => Promise<void> }> {
  const held: Partial<Mutations> = {};
  function Holder() {
    held.add = useAddChildMutation(rows, 'acme', PARENT).mutateAsync;
    held.remove = useRemoveChildMutation(rows, 'acme', PARENT).mutateAsync;
    return null;
  }
  const rendered = await renderAdmin(<Holder />);
  return { add: (key) => held.add!(key), remove: (key) => held.remove!(key), unmount: rendered.unmount };
}

/** What each call sent: method, path and body. The server refuses, which is all these tests need of it. */
async function sent(call: () => Promise<unknown>) {
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ detail: 'No.', code: 'CONFLICT' }), { status: 409 }));
  await act(async () => {
    await expect(call()).rejects.toThrow();
  });
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { method: init?.method, url, body: init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown) };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('child lists: add sends the picked key in its field under the parent, remove names the row in the path', () => {
  const cases = [
    {
      name: 'a classroom’s seats',
      rows: CLASSROOM_STUDENTS,
      add: { url: `/api/classrooms/classrooms/${PARENT}/students/`, body: { student_id: KEY } },
      remove: `/api/classrooms/classrooms/students/${KEY}/`,
    },
    {
      name: 'a program’s students',
      rows: PROGRAM_STUDENTS,
      add: { url: `/api/tenant-management/programs/${PARENT}/students/manage/`, body: { enrollment_id: KEY } },
      remove: `/api/tenant-management/programs/${PARENT}/students/manage/${KEY}/`,
    },
    {
      name: 'a department’s team',
      rows: DEPARTMENT_MEMBERS,
      add: { url: `/api/tenant-management/departments/${PARENT}/members/`, body: { membership_id: KEY } },
      remove: `/api/tenant-management/departments/${PARENT}/members/${KEY}/`,
    },
    {
      name: 'a department’s students',
      rows: DEPARTMENT_STUDENTS,
      add: { url: `/api/tenant-management/departments/${PARENT}/students/`, body: { student_id: KEY } },
      remove: `/api/tenant-management/department-students/${KEY}/`,
    },
  ];

  for (const { name, rows, add, remove } of cases) {
    it(`calls ${name}`, async () => {
      const mutations = await mutationsOf(rows as ChildRows<Route, Route>);
      expect(await sent(() => mutations.add(KEY))).toEqual({ method: 'POST', ...add });
      expect(await sent(() => mutations.remove(KEY))).toEqual({ method: 'DELETE', url: remove, body: {} });
      await mutations.unmount();
    });
  }
});
