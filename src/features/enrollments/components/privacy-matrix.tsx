import { STUDENT_PART_LABELS, STUDENT_PARTS, type StudentPart } from '../../../../contract/enrollment-templates';

export type Rules = { role_id: string; parts: StudentPart[] }[];

interface PrivacyMatrixProps {
  roles: { id: string; name: string }[];
  value: Rules;
  onChange: (rules: Rules) => void;
  error?: string | undefined;
}

/**
 * Roles down, parts across, a native checkbox in every cell: each is reached with Tab and toggled
 * with Space, and its label names both the role and the part for a screen reader.
 */
export function PrivacyMatrix({ roles, value, onChange, error }: PrivacyMatrixProps) {
  const partsOf = (roleId: string) => value.find((rule) => rule.role_id === roleId)?.parts ?? [];
  const toggle = (roleId: string, part: StudentPart, isOn: boolean) => {
    const parts = isOn ? [...partsOf(roleId), part] : partsOf(roleId).filter((p) => p !== part);
    const others = value.filter((rule) => rule.role_id !== roleId);
    onChange(parts.length > 0 ? [...others, { role_id: roleId, parts: STUDENT_PARTS.filter((p) => parts.includes(p)) }] : others);
  };
  return (
    <div>
      <table className="privacy-matrix">
        <caption className="muted">Which roles see which parts of a student&apos;s record. The owner always sees everything.</caption>
        <thead>
          <tr>
            <th scope="col">Role</th>
            {STUDENT_PARTS.map((part) => (
              <th key={part} scope="col">
                {STUDENT_PART_LABELS[part]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {roles.map((role) => (
            <tr key={role.id}>
              <th scope="row">{role.name}</th>
              {STUDENT_PARTS.map((part) => (
                <td key={part}>
                  <input
                    type="checkbox"
                    aria-label={`${role.name}: ${STUDENT_PART_LABELS[part]}`}
                    checked={partsOf(role.id).includes(part)}
                    onChange={(event) => toggle(role.id, part, event.target.checked)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
