import { useQuery } from '@tanstack/react-query';
import { PEOPLE_ERROR_TEXT } from '../error-text';
import { invitationQueries } from '../invitation-queries';

/** The department teams an invited therapist joins on accepting: the organization's enabled departments, as checkboxes. */
export function DepartmentChoices({ orgCode, chosen, onChange }: { orgCode: string; chosen: string[]; onChange: (ids: string[]) => void }) {
  const departments = useQuery(invitationQueries.departments(orgCode));
  const toggle = (id: string, isOn: boolean) => onChange(isOn ? [...chosen, id] : chosen.filter((other) => other !== id));
  return (
    <fieldset className="invite-departments">
      <legend>Departments (optional)</legend>
      {departments.isPending && <p role="status">Loading departments…</p>}
      {departments.isError && <p className="muted">{PEOPLE_ERROR_TEXT.fetchDepartments}. You can add them to teams later.</p>}
      {departments.data?.results.length === 0 && <p className="muted">No departments yet: you can add them to teams later.</p>}
      {departments.data?.results.map((department) => (
        <div key={department.id} className="admin-check">
          <label className="admin-check__box">
            <input
              type="checkbox"
              name="department_ids"
              checked={chosen.includes(department.id)}
              onChange={(event) => toggle(department.id, event.target.checked)}
            />
            <span>{department.name}</span>
          </label>
        </div>
      ))}
    </fieldset>
  );
}
