/**
 * Contract templates. The HTML is sanitized before it is stored (service-contract-html.ts), so what
 * the list answers is already safe to show; a name is unique in the organization in any case.
 * Editing or deleting a template never touches contracts already issued from it.
 */
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { RequestContext } from '../../lib/request-context';
import { collection } from '../../lib/collection';
import { patchOf } from '../../lib/row-patch';
import { readPage } from '../../lib/pagination';
import type { ContractTemplate, CreateContractTemplateBody, UpdateContractTemplateBody } from '../../../contract/enrollment-templates';
import { contractTemplateRows, pageContractTemplates } from './repository-templates';
import { auditedContractTemplate, presentContractTemplate, UNIQUE_CONSTRAINTS } from './present';
import { sanitizeContractHtml } from './service-contract-html';

const contractTemplates = collection({
  rows: contractTemplateRows,
  entity: 'contract_template',
  label: 'Contract template',
  audited: auditedContractTemplate,
  nameTaken: UNIQUE_CONSTRAINTS.contract_templates_name_uq,
});

/** Sanitized HTML that still says something: a body that was nothing but unsafe markup is refused. */
function safeBody(html: string): string {
  const clean = sanitizeContractHtml(html);
  if (clean.replace(/<[^>]*>/g, '').trim() === '') {
    throw new AppError('VALIDATION_FAILED', 'Please correct the highlighted fields.', {
      body_html: ['The contract has no text left once unsafe markup is removed.'],
    });
  }
  return clean;
}

export async function listContractTemplates(ctx: RequestContext, query: { page: number; page_size: number; search?: string | undefined }) {
  const search = query.search || undefined;
  return readPage(
    ctx.url,
    query,
    (window) => pageContractTemplates(ctx.tx, ctx.org.id, search, window),
    ({ row }) => presentContractTemplate(row),
  );
}

export async function createContractTemplate(
  ctx: RequestContext,
  body: z.output<typeof CreateContractTemplateBody>,
): Promise<ContractTemplate> {
  const bodyHtml = safeBody(body.body_html);
  await contractTemplates.checkName(ctx, body.name);
  return presentContractTemplate(await contractTemplates.create(ctx, { id: newId(), name: body.name, bodyHtml }));
}

export async function updateContractTemplate(
  ctx: RequestContext,
  id: string,
  body: z.output<typeof UpdateContractTemplateBody>,
): Promise<ContractTemplate> {
  const before = await contractTemplates.require(ctx, id);
  const bodyHtml = body.body_html === undefined ? {} : { bodyHtml: safeBody(body.body_html) };
  await contractTemplates.checkName(ctx, body.name, before);
  const patch = { ...patchOf(body, { name: 'name' }), ...bodyHtml };
  // A change is stamped with its time; a body naming nothing changes nothing.
  const after = await contractTemplates.update(ctx, before, Object.keys(patch).length > 0 ? { ...patch, updatedAt: new Date() } : {});
  return presentContractTemplate(after);
}

export async function deleteContractTemplate(ctx: RequestContext, id: string): Promise<{ ok: true }> {
  await contractTemplates.remove(ctx, id);
  return { ok: true };
}
