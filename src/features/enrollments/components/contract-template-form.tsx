import { useWatch } from 'react-hook-form';
import { CreateContractTemplateBody, type ContractTemplate } from '../../../../contract/enrollment-templates';
import { CONTRACT_PLACEHOLDERS, fillContract, SAMPLE_CONTRACT_VALUES } from '../../../../contract/contract-text';
import { LIMITS } from '../../../../contract/limits';
import { FormText } from '../../../shared/admin/form-fields';
import { AdminForm, NameFields } from '../../../shared/admin/admin-form';
import { useRowForm } from '../../../shared/admin/use-admin-form';
import { useSaveRowMutations } from '../../../shared/admin/row-mutations';
import { CONTRACT_TEMPLATE_ROWS } from '../mutations';
import { ContractFrame } from './contract-frame';

interface ContractTemplateFormProps {
  orgCode: string;
  template: ContractTemplate | null;
  onDone: () => void;
}

/** Create or edit a contract template, with the placeholders it may use and a live preview filled with sample values. */
export function ContractTemplateForm({ orgCode, template, onDone }: ContractTemplateFormProps) {
  const { form, frame } = useRowForm(
    CreateContractTemplateBody,
    template,
    { name: template?.name ?? '', body_html: template?.body_html ?? '' },
    useSaveRowMutations(CONTRACT_TEMPLATE_ROWS, orgCode),
    onDone,
  );
  const html = useWatch({ control: form.control, name: 'body_html' }) ?? '';

  return (
    <AdminForm {...frame} noun="contract template">
      <NameFields control={form.control} />
      <div className="contract-editor">
        <div>
          <p className="muted">Placeholders (typed as shown, filled in when a contract is issued):</p>
          <ul className="placeholder-list" aria-label="Placeholders">
            {CONTRACT_PLACEHOLDERS.map((p) => (
              <li key={p.name}>
                <code>{`{{${p.name}}}`}</code> <span className="muted">{p.label}</span>
              </li>
            ))}
          </ul>
          <FormText
            control={form.control}
            name="body_html"
            label="Contract text (HTML)"
            required
            multiline
            maxlength={LIMITS.contractHtmlMax}
            helper="Headings, paragraphs, lists, tables and links. Scripts, styles and images are removed when saved."
          />
        </div>
        <section aria-label="Preview with sample values">
          <p className="muted">Preview with sample values</p>
          <ContractFrame html={fillContract(html, SAMPLE_CONTRACT_VALUES)} title="Contract preview" />
        </section>
      </div>
    </AdminForm>
  );
}
