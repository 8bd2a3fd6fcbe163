import { lazy, Suspense, useId } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { CreateContractTemplateBody, type ContractTemplate } from '../../../../contract/enrollment-templates';
import { fillContract, SAMPLE_CONTRACT_VALUES } from '../../../../contract/contract-text';
import { LIMITS } from '../../../../contract/limits';
import { FormText } from '../../../shared/admin/form-fields';
import { AdminForm, NameFields } from '../../../shared/admin/admin-form';
import { useRowForm } from '../../../shared/admin/use-admin-form';
import { useSaveRowMutations } from '../../../shared/admin/row-mutations';
import { CONTRACT_TEMPLATE_ROWS } from '../mutations';
import { ContractFrame } from './contract-frame';
import { holdsTable } from './contract-html';

// The editor (TipTap and ProseMirror) is loaded when a template form first opens, never before.
const ContractEditor = lazy(() => import('./contract-editor'));

type TemplateValues = z.input<typeof CreateContractTemplateBody>;
const HELPER = 'Headings, lists, bold and italic. Placeholders are filled in when a contract is issued; press Enter for a new paragraph.';

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
          {holdsTable(template?.body_html ?? '') ? (
            <>
              <p className="muted">This template holds a table, which the editor cannot keep: edit it as HTML.</p>
              <FormText
                control={form.control}
                name="body_html"
                label="Contract text (HTML)"
                required
                multiline
                maxlength={LIMITS.contractHtmlMax}
                helper="Headings, paragraphs, lists, tables and links. Scripts, styles and images are removed when saved."
              />
            </>
          ) : (
            <ContractTextField control={form.control} />
          )}
        </div>
        <section aria-label="Preview with sample values">
          <p className="muted">Preview with sample values</p>
          <ContractFrame html={fillContract(html, SAMPLE_CONTRACT_VALUES)} title="Contract preview" />
        </section>
      </div>
    </AdminForm>
  );
}

/** The template's text in the rich-text editor, with its label, helper and error around it. */
function ContractTextField({ control }: { control: Control<TemplateValues> }) {
  const id = useId();
  return (
    <Controller
      control={control}
      name="body_html"
      render={({ field, fieldState }) => (
        <div className="contract-editor__field">
          <span id={`${id}-label`} className="contract-editor__label">
            Contract text (required)
          </span>
          <Suspense fallback={<p className="muted contract-editor__loading">Loading the editor…</p>}>
            <ContractEditor
              labelId={`${id}-label`}
              describedBy={fieldState.error ? `${id}-helper ${id}-error` : `${id}-helper`}
              invalid={Boolean(fieldState.error)}
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          </Suspense>
          <p id={`${id}-helper`} className="contract-editor__helper muted">
            {HELPER}
          </p>
          {fieldState.error && (
            <p id={`${id}-error`} className="contract-editor__error">
              {fieldState.error.message}
            </p>
          )}
        </div>
      )}
    />
  );
}
