/**
 * Contract templates and privacy-role templates through HTTP: the sanitizer (scripts, event handlers,
 * javascript: and data: links, styles), the contract fixed when issued, the privacy matrix validated
 * against the organization's roles, `studentPartsVisibleTo`, 404 for another organization's ids and
 * 403 without students.manage.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { expectFieldError, json, useAdminWorld } from '../helpers/admin-fixtures';
import { describeServer, type Actor } from '../helpers/collector-fixtures';
import { contractTemplates, privacyRoleTemplates } from '../../server/db/schema/enrollment-templates';
import { roles } from '../../server/db/schema/organizations';
import { requestContext } from '../../server/lib/request-context';
import { studentPartsVisibleTo } from '../../server/features/enrollments/service-privacy';
import type { OrganizationId, StudentId } from '../../server/lib/ids';
import { EDITOR_WRITTEN_HTML } from '../helpers/contract-editor-html';

const { t, w, staff, owner, rowsOf } = useAdminWorld();
const at = (code = w.org.code) => `/api/tenant-management/enrollment/organization/${code}`;

function send(actor: Pick<Actor, 'cookie'>, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) {
  return t.app.inject({ method, url, headers: { cookie: actor.cookie }, ...(body !== undefined ? { payload: body as object } : {}) });
}
const unique = (name: string) => `${name} ${randomUUID().slice(0, 8)}`;
async function template(body_html: string, name = unique('Contract')) {
  const res = await send(owner(), 'POST', `${at()}/contract-templates/`, { name, body_html });
  expect(res.statusCode, res.body).toBe(201);
  return json(res) as { id: string; name: string; body_html: string };
}
async function builtInRole(organizationId: OrganizationId, kind: 'therapist' | 'staff') {
  const [row] = await t.database.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), eq(roles.defaultFor, kind)));
  return row!.id;
}
/** The parts `member` may see of the student, asked as that member would be in a call. */
const partsFor = (member: Actor, studentId: StudentId, organizationId = w.org.id) =>
  t.database.tenant(organizationId, (tx) =>
    studentPartsVisibleTo(
      requestContext(tx, {
        access: {
          organizationId,
          isOwner: member === w.org.owner,
          membershipId: member.membershipId,
          permissions: new Set(['students.view', 'students.records']),
        },
        actor: member.userId,
        actingAs: null,
        call: 'tests.parts',
        url: '/',
      }),
      studentId,
    ),
  );

describeServer('contract templates', () => {
  it.each([
    ['a script and its text', '<p>Terms</p><script>alert(1)</script>', '<p>Terms</p>'],
    ['an event handler', '<p onclick="steal()" onmouseover="x()">Terms</p>', '<p>Terms</p>'],
    ['a javascript: link', '<p><a href="javascript:alert(1)">Read</a></p>', '<p><a>Read</a></p>'],
    ['a javascript: link in disguise', '<p><a href="  JaVaScRiPt:alert(1)">Read</a></p>', '<p><a>Read</a></p>'],
    ['a data: link', '<p><a href="data:text/html;base64,PHNjcmlwdD4=">Read</a></p>', '<p><a>Read</a></p>'],
    ['a style that hides a clause', '<p style="display:none">Hidden fee</p><style>p{color:white}</style>', '<p>Hidden fee</p>'],
    [
      'an image, a frame and a form',
      '<img src=x onerror=alert(1)><iframe src="https://x.example"></iframe><form><p>Sign</p></form>',
      '<p>Sign</p>',
    ],
    // The rich-text editor's headings, marks, lists and placeholders, kept exactly as written.
    ['nothing of what the editor writes', EDITOR_WRITTEN_HTML, EDITOR_WRITTEN_HTML],
    [
      'a safe link and structure',
      '<h2>Fees</h2><p><strong>Pay</strong> at <a href="https://pay.example/x">pay</a></p>',
      '<h2>Fees</h2><p><strong>Pay</strong> at <a href="https://pay.example/x">pay</a></p>',
    ],
  ])('removes %s before storing', async (_, dirty, clean) => {
    const created = await template(dirty);
    expect(created.body_html).toBe(clean);
    const [row] = await t.database.db.select().from(contractTemplates).where(eq(contractTemplates.id, created.id));
    expect(row!.bodyHtml).toBe(clean);
  });

  it('refuses a body with no text left once unsafe markup is removed, and a taken name, writing nothing', async () => {
    const before = await rowsOf(contractTemplates);
    expectFieldError(
      await send(owner(), 'POST', `${at()}/contract-templates/`, { name: 'Empty', body_html: '<script>x</script>' }),
      'body_html',
    );
    expectFieldError(await send(owner(), 'POST', `${at()}/contract-templates/`, { name: '', body_html: '<p>x</p>' }), 'name');
    const first = await template('<p>One</p>');
    const taken = await send(owner(), 'POST', `${at()}/contract-templates/`, { name: first.name.toUpperCase(), body_html: '<p>Two</p>' });
    expect(taken.statusCode).toBe(409);
    expect(json(taken).detail).toBe('A contract template with this name already exists.');
    expect(await rowsOf(contractTemplates)).toBe(before + 1);
  });

  it('fills the contract once when issued and keeps it fixed after the template changes', async () => {
    const tpl = await template(
      '<p>{{student_name}} at {{organization_name}} from {{start_date}}; responsible: {{responsible_person}}; programs: {{programs}}; {{unknown}}</p>{{services}}<p><a href="{{responsible_person}}">who</a></p>',
    );
    const service = await send(owner(), 'POST', `/api/tenant-management/organization/${w.org.code}/services/`, {
      name: 'Speech & language',
      price: '45',
    });
    expect(service.statusCode, service.body).toBe(201);
    const res = await send(owner(), 'POST', `${at()}/enrollments/`, {
      student: { first_name: '<b>Bo</b>', last_name: 'Lind' },
      contract_template: tpl.id,
      contract_start_date: '2027-02-01',
      contract_responsible_person: 'javascript:alert(1)',
    });
    expect(res.statusCode, res.body).toBe(201);
    const issued = json(res);
    expect(issued.contract_template_name).toBe(tpl.name);
    expect(issued.contract_html).toContain('&lt;b&gt;Bo&lt;/b&gt; Lind at ');
    expect(issued.contract_html).toContain('from 2027-02-01; responsible: javascript:alert(1); programs: ; {{unknown}}');
    expect(issued.contract_html).toContain(
      '<table><thead><tr><th>Service</th><th>Price</th></tr></thead><tbody><tr><td>Speech &amp; language</td><td>45.00 USD</td></tr></tbody></table>',
    );
    expect(issued.contract_html).toContain('<a>who</a>');
    expect(issued.contract_html).not.toContain('href="javascript');

    const edited = await send(owner(), 'PATCH', `${at()}/contract-templates/${tpl.id}/`, {
      body_html: '<p>New terms for {{student_name}}</p>',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const kept = json(await send(owner(), 'GET', `${at()}/enrollments/${issued.id}/`));
    expect(kept.contract_html).toBe(issued.contract_html);

    const reissued = await send(owner(), 'PUT', `${at()}/enrollments/${issued.id}/`, { contract_template: tpl.id });
    expect(json(reissued).contract_html).toBe('<p>New terms for &lt;b&gt;Bo&lt;/b&gt; Lind</p>');
    const untouched = await send(owner(), 'PUT', `${at()}/enrollments/${issued.id}/`, { notes: 'No new contract' });
    expect(json(untouched).contract_html).toBe('<p>New terms for &lt;b&gt;Bo&lt;/b&gt; Lind</p>');
  });

  it('lists with search, renames, deletes, and answers 404 and 403 where it must', async () => {
    const tpl = await template('<p>List me</p>', unique('Searchable'));
    const page = json(await send(owner(), 'GET', `${at()}/contract-templates/?search=searchable`));
    expect(page.results.map((r: { id: string }) => r.id)).toContain(tpl.id);
    const renamed = await send(staff, 'PATCH', `${at()}/contract-templates/${tpl.id}/`, { name: 'Renamed by staff' });
    expect(json(renamed).name).toBe('Renamed by staff');

    const foreign = await send(w.orgB.org.owner, 'POST', `${at(w.orgB.org.code)}/contract-templates/`, {
      name: 'B',
      body_html: '<p>B</p>',
    });
    const foreignId = json(foreign).id as string;
    expect((await send(owner(), 'PATCH', `${at()}/contract-templates/${foreignId}/`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await send(owner(), 'DELETE', `${at()}/contract-templates/${foreignId}/`)).statusCode).toBe(404);

    expect((await send(w.therapist, 'GET', `${at()}/contract-templates/`)).statusCode).toBe(403);
    expect((await send(w.therapist, 'POST', `${at()}/contract-templates/`, { name: 'T', body_html: '<p>T</p>' })).statusCode).toBe(403);
    expect((await send(w.therapist, 'DELETE', `${at()}/contract-templates/${tpl.id}/`)).statusCode).toBe(403);

    expect(json(await send(owner(), 'DELETE', `${at()}/contract-templates/${tpl.id}/`))).toEqual({ ok: true });
    expect((await send(owner(), 'DELETE', `${at()}/contract-templates/${tpl.id}/`)).statusCode).toBe(404);
  });
});

describeServer('privacy-role templates', () => {
  it('stores a matrix of roles and parts, validates the roles, and refuses deleting one in use', async () => {
    const therapistRole = await builtInRole(w.org.id, 'therapist');
    const foreignRole = await builtInRole(w.orgB.org.id, 'therapist');
    const url = `${at()}/privacy-roles/`;
    const before = await rowsOf(privacyRoleTemplates);
    expectFieldError(await send(owner(), 'POST', url, { name: 'Bad', rules: [{ role_id: foreignRole, parts: ['medical'] }] }), 'rules');
    expectFieldError(await send(owner(), 'POST', url, { name: 'Bad', rules: [{ role_id: therapistRole, parts: ['secrets'] }] }), 'rules');
    const twice = [
      { role_id: therapistRole, parts: [] },
      { role_id: therapistRole, parts: ['medical'] },
    ];
    expectFieldError(await send(owner(), 'POST', url, { name: 'Bad', rules: twice }), 'rules');
    expect(await rowsOf(privacyRoleTemplates)).toBe(before);

    const res = await send(owner(), 'POST', url, {
      name: unique('Clinical'),
      rules: [{ role_id: therapistRole, parts: ['goals_and_data', 'identity', 'medical'] }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = json(res);
    expect(created.rules).toEqual([{ role_id: therapistRole, role_name: 'Therapist', parts: ['identity', 'medical', 'goals_and_data'] }]);
    expect(json(await send(staff, 'GET', `${url}${created.id}/`))).toEqual(created);
    // The list carries the roles a matrix chooses from, so whoever manages students can fill one in.
    const listed = json(await send(staff, 'GET', url));
    expect(listed.results).toContainEqual(created);
    expect(listed.roles).toContainEqual({ id: therapistRole, name: 'Therapist' });
    const patched = await send(owner(), 'PATCH', `${url}${created.id}/`, { rules: [{ role_id: therapistRole, parts: ['identity'] }] });
    expect(json(patched).rules[0].parts).toEqual(['identity']);

    const enrolled = await send(owner(), 'POST', `${at()}/enrollments/`, {
      student: { first_name: 'Priv', last_name: 'Acy' },
      privacy_and_role_template: created.id,
    });
    expect(json(enrolled).privacy_and_role_template).toEqual({ id: created.id, name: created.name });
    const refused = await send(owner(), 'DELETE', `${url}${created.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).detail).toBe('This template is used by an enrollment; choose another template there first.');
    await send(owner(), 'PUT', `${at()}/enrollments/${json(enrolled).id}/`, { privacy_and_role_template: null });
    expect(json(await send(owner(), 'DELETE', `${url}${created.id}/`))).toEqual({ ok: true });
  });

  it("answers 404 for another organization's template and 403 without students.manage", async () => {
    const foreign = json(await send(w.orgB.org.owner, 'POST', `${at(w.orgB.org.code)}/privacy-roles/`, { name: 'B' }));
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await send(owner(), method, `${at()}/privacy-roles/${foreign.id}/`, method === 'PATCH' ? { name: 'Mine' } : undefined);
      expect(res.statusCode, method).toBe(404);
    }
    expect((await send(w.therapist, 'GET', `${at()}/privacy-roles/`)).statusCode).toBe(403);
    expect((await send(w.therapist, 'POST', `${at()}/privacy-roles/`, { name: 'T' })).statusCode).toBe(403);
    const [kept] = await t.database.db.select().from(privacyRoleTemplates).where(eq(privacyRoleTemplates.id, foreign.id));
    expect(kept!.name).toBe('B');
  });

  it('answers the parts a caller sees: all for the owner, the template for a role, the keys without a template', async () => {
    const studentId = w.placement.studentId;
    expect(await partsFor(w.org.owner, studentId)).toEqual(['identity', 'medical', 'education', 'family', 'goals_and_data']);
    expect(await partsFor(w.therapist, studentId)).toEqual(['identity', 'goals_and_data']);

    const therapistRole = await builtInRole(w.org.id, 'therapist');
    const tpl = json(
      await send(owner(), 'POST', `${at()}/privacy-roles/`, {
        name: unique('Therapists see goals'),
        rules: [{ role_id: therapistRole, parts: ['goals_and_data', 'medical'] }],
      }),
    );
    const [open] = json(await send(owner(), 'GET', `${at()}/enrollments/?page_size=100`)).results.filter(
      (e: { student: { id: string } }) => e.student.id === studentId,
    );
    const put = await send(owner(), 'PUT', `${at()}/enrollments/${open.id}/`, {
      privacy_and_role_template: tpl.id,
      departments: [w.placement.departmentId],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await partsFor(w.therapist, studentId)).toEqual(['medical', 'goals_and_data']);
    expect(await partsFor(staff, studentId)).toEqual([]);
    await expect(partsFor(w.therapist, w.orgB.placement.studentId)).rejects.toThrow('Student not found.');
  });
});
