/**
 * Contract templates. The HTML is sanitized before it is stored (service-contract-html.ts), so what
 * the list answers is already safe to show; a name is unique in the organization in any case.
 * Editing or deleting a template never touches contracts already issued from it.
 */
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { RequestContext } from '../../lib/request-context';
import { pageAnswer, pageRequestOf, withTotal } from '../../lib/pagination';
import type { ContractTemplate, CreateContractTemplateBody, UpdateContractTemplateBody } from '../../../contract/enrollment-templates';
import { contractTemplateRows, pageContractTemplates } from './repository-templates';
import { auditedContractTemplate, presentContractTemplate } from './present';
import { sanitizeContractHtml } from './service-contract-html';

const nameTaken = () =>
  new AppError('CONFLICT', 'A contract template with this name already exists.', {
    name: ['A contract template with this name already exists.'],
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
  const page = await withTotal(
    (window) => pageContractTemplates(ctx.tx, ctx.org.id, query.search || undefined, window),
    pageRequestOf(query),
  );
  return pageAnswer(ctx.url, query, page, ({ row }) => presentContractTemplate(row));
}

export async function createContractTemplate(
  ctx: RequestContext,
  body: z.output<typeof CreateContractTemplateBody>,
): Promise<ContractTemplate> {
  const { tx, trail } = ctx;
  const organizationId = ctx.org.id;
  const bodyHtml = safeBody(body.body_html);
  if (await contractTemplateRows.byName(tx, organizationId, body.name)) {
    throw nameTaken();
  }
  const row = await contractTemplateRows.insert(tx, organizationId, { id: newId(), name: body.name, bodyHtml });
  await trail.record({ action: 'create', entity: 'contract_template', entityId: row.id, after: auditedContractTemplate(row) });
  return presentContractTemplate(row);
}

export async function updateContractTemplate(
  ctx: RequestContext,
  id: string,
  body: z.output<typeof UpdateContractTemplateBody>,
): Promise<ContractTemplate> {
  const { tx, trail } = ctx;
  const organizationId = ctx.org.id;
  const before = await contractTemplateRows.byId(tx, organizationId, id);
  if (!before) {
    throw notFound('Contract template');
  }
  const bodyHtml = body.body_html === undefined ? undefined : safeBody(body.body_html);
  if (body.name !== undefined) {
    const other = await contractTemplateRows.byName(tx, organizationId, body.name);
    if (other && other.id !== id) {
      throw nameTaken();
    }
  }
  const patch = { ...(body.name !== undefined ? { name: body.name } : {}), ...(bodyHtml !== undefined ? { bodyHtml } : {}) };
  const after = Object.keys(patch).length
    ? await contractTemplateRows.update(tx, organizationId, id, { ...patch, updatedAt: new Date() })
    : before;
  await trail.record({
    action: 'update',
    entity: 'contract_template',
    entityId: id,
    before: auditedContractTemplate(before),
    after: auditedContractTemplate(after!),
  });
  return presentContractTemplate(after!);
}

export async function deleteContractTemplate(ctx: RequestContext, id: string): Promise<{ ok: true }> {
  const row = await contractTemplateRows.deleteById(ctx.tx, ctx.org.id, id);
  if (!row) {
    throw notFound('Contract template');
  }
  await ctx.trail.record({ action: 'delete', entity: 'contract_template', entityId: id, before: auditedContractTemplate(row) });
  return { ok: true };
}
