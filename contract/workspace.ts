import { z } from 'zod';
import { workspace as route } from './routes';
import { defineCall } from './http';
import { LIMITS } from './limits';

export const WorkspaceUsage = z.object({
  id: z.uuid(),
  membership_id: z.uuid(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  notes: z.string(),
});
export type WorkspaceUsage = z.infer<typeof WorkspaceUsage>;

export const openWorkspace = defineCall(route.openWorkspace, {
  summary: 'Start a workspace usage for a membership (the client may make the usage id, for offline use)',
  access: { kind: 'org', permission: 'workspace.use' },
  query: z.object({ organization_id: z.uuid().optional() }),
  body: z.object({
    membership_id: z.uuid(),
    usage_id: z.uuid().optional(),
    client_now: z.iso.datetime({ offset: true }).optional(),
  }),
  response: WorkspaceUsage,
  status: 201,
});

export const closeWorkspace = defineCall(route.closeWorkspace, {
  summary: 'End a workspace usage with notes',
  access: { kind: 'org', permission: 'workspace.use' },
  params: z.object({ usageId: z.uuid() }),
  query: z.object({ organization_id: z.uuid().optional() }),
  body: z.object({
    notes: z.string().max(LIMITS.noteMax).default('').transform((s) => s.trim()),
    client_now: z.iso.datetime({ offset: true }).optional(),
  }),
  response: WorkspaceUsage,
});
