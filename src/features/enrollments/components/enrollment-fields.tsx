import { Controller, useWatch, type Control } from 'react-hook-form';
import type { z } from 'zod';
import type { CreateEnrollmentBody } from '../../../../contract/enrollments';
import type { ContractTemplate, PrivacyRoleTemplate } from '../../../../contract/enrollment-templates';
import { fillContract } from '../../../../contract/contract-text';
import { SelectField } from '../../../shared/ui/select-field';
import { ContractFrame } from './contract-frame';
import { CheckList } from './check-list';

/** The enrollment form's control: the contract's body in, its parsed body out. */
export type EnrollmentControl = Control<z.input<typeof CreateEnrollmentBody>, unknown, z.output<typeof CreateEnrollmentBody>>;
type Named = { id: string; name: string };

/** The privacy template, departments and programs an enrollment names. */
export function PlacementFields({
  control,
  choices,
}: {
  control: EnrollmentControl;
  choices: { privacy: PrivacyRoleTemplate[]; departments: Named[]; programs: Named[] };
}) {
  return (
    <>
      <Controller
        control={control}
        name="privacy_and_role_template"
        render={({ field, fieldState }) => (
          <SelectField
            label="Privacy template"
            name={field.name}
            value={field.value ?? ''}
            options={[
              { value: '', label: 'None: members see only the name' },
              ...choices.privacy.map((t) => ({ value: t.id, label: t.name })),
            ]}
            onChange={(value) => field.onChange(value || null)}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="departments"
        render={({ field }) => (
          <CheckList
            legend="Departments"
            items={choices.departments}
            value={field.value ?? []}
            onChange={field.onChange}
            empty="No departments yet."
          />
        )}
      />
      <Controller
        control={control}
        name="programs"
        render={({ field }) => (
          <CheckList
            legend="Programs"
            items={choices.programs}
            value={field.value ?? []}
            onChange={field.onChange}
            empty="No programs yet."
          />
        )}
      />
    </>
  );
}

interface ContractFieldsProps {
  control: EnrollmentControl;
  templates: ContractTemplate[];
  programs: Named[];
  /** The organization's active services with prices; null when the member may not see them. */
  services: { name: string; price: string }[] | null;
  studentName: string;
  organizationName: string;
  /** The contract already issued (editing), shown while no new template is chosen. */
  issued: string;
}

/** Which template to issue the contract from, and a preview of it filled with what the form holds. */
export function ContractPreview({ control, templates, programs, services, studentName, organizationName, issued }: ContractFieldsProps) {
  const [templateId, startDate, responsible, programIds] = useWatch({
    control,
    name: ['contract_template', 'contract_start_date', 'contract_responsible_person', 'programs'],
  });
  const template = templates.find((t) => t.id === templateId);
  const html = template
    ? fillContract(template.body_html, {
        student_name: studentName,
        organization_name: organizationName,
        start_date: startDate ?? '',
        responsible_person: responsible ?? '',
        programs: programs.filter((p) => (programIds ?? []).includes(p.id)).map((p) => p.name),
        services: services ?? [],
      })
    : issued;
  return (
    <section aria-label="Contract preview">
      <Controller
        control={control}
        name="contract_template"
        render={({ field, fieldState }) => (
          <SelectField
            label="Contract"
            name={field.name}
            value={field.value ?? ''}
            options={[
              { value: '', label: issued ? 'Keep the contract as issued' : 'No contract yet' },
              ...templates.map((t) => ({ value: t.id, label: `Issue from “${t.name}”` })),
            ]}
            onChange={(value) => field.onChange(value || null)}
            error={fieldState.error?.message}
          />
        )}
      />
      {html ? (
        <>
          <p className="muted">
            {template
              ? services
                ? 'Preview of the contract to be issued.'
                : 'Preview: your role cannot see prices; they are filled in when the contract is issued.'
              : 'The contract as issued.'}
          </p>
          <ContractFrame html={html} title="Contract preview" />
        </>
      ) : (
        <p className="muted">Choose a template to preview the contract.</p>
      )}
    </section>
  );
}
