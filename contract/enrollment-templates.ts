import { z } from 'zod';
import { atMost, id, text } from './fields';
import { LIMITS } from './limits';

/** A contract template: sanitized HTML with `{{placeholders}}` (contract/contract-text.ts). */
export const ContractTemplate = z.object({
  id: z.uuid(),
  name: z.string(),
  body_html: z.string().describe('Sanitized HTML: only what a contract needs (headings, paragraphs, lists, tables, links)'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContractTemplate = z.infer<typeof ContractTemplate>;

const Name = text().trim().min(1, 'Required.').max(LIMITS.nameMax, atMost(LIMITS.nameMax));
const BodyHtml = text()
  .trim()
  .min(1, 'Write the contract text.')
  .max(LIMITS.contractHtmlMax, atMost(LIMITS.contractHtmlMax))
  .describe('HTML; scripts, event handlers, styles and unsafe links are removed before it is stored');

export const CreateContractTemplateBody = z.object({ name: Name, body_html: BodyHtml });
export type CreateContractTemplateBody = z.input<typeof CreateContractTemplateBody>;
export const UpdateContractTemplateBody = z.object({ name: Name.optional(), body_html: BodyHtml.optional() });
export type UpdateContractTemplateBody = z.input<typeof UpdateContractTemplateBody>;

/** The parts of a student's record a privacy-role template opens or keeps closed, per role. */
export const STUDENT_PARTS = ['identity', 'medical', 'education', 'family', 'goals_and_data'] as const;
export const StudentPart = z.enum(STUDENT_PARTS, 'Choose identity, medical, education, family or goals and data.');
export type StudentPart = z.infer<typeof StudentPart>;
export const STUDENT_PART_LABELS: Record<StudentPart, string> = {
  identity: 'Identity',
  medical: 'Medical',
  education: 'Education',
  family: 'Family',
  goals_and_data: 'Goals and data',
};

export const PrivacyRule = z.object({
  role_id: z.uuid(),
  role_name: z.string().describe("The role's current name"),
  parts: z.array(StudentPart),
});
export const PrivacyRoleTemplate = z.object({
  id: z.uuid(),
  name: z.string(),
  rules: z.array(PrivacyRule).describe('One row per role the template names; a role not named sees no part'),
  created_at: z.string(),
});
export type PrivacyRoleTemplate = z.infer<typeof PrivacyRoleTemplate>;

const RuleInput = z.object({ role_id: id(), parts: z.array(StudentPart).max(STUDENT_PARTS.length) });
const Rules = z
  .array(RuleInput)
  .max(200)
  .refine((rules) => new Set(rules.map((r) => r.role_id.toLowerCase())).size === rules.length, 'Name each role once.');

export const CreatePrivacyRoleTemplateBody = z.object({ name: Name, rules: Rules.default([]) });
export type CreatePrivacyRoleTemplateBody = z.input<typeof CreatePrivacyRoleTemplateBody>;
export const UpdatePrivacyRoleTemplateBody = z.object({ name: Name.optional(), rules: Rules.optional() });
export type UpdatePrivacyRoleTemplateBody = z.input<typeof UpdatePrivacyRoleTemplateBody>;
