import { z } from 'zod';
import { id, text, timestamp } from './fields';
import { workspace as route } from './routes';
import { defineCall, notAChange, OrganizationQuery } from './http';
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
  query: OrganizationQuery,
  body: z.object({
    membership_id: id(),
    usage_id: id().optional(),
    client_now: timestamp().optional(),
  }),
  response: WorkspaceUsage,
  status: 201,
});

export const closeWorkspace = defineCall(route.closeWorkspace, {
  summary: 'End a workspace usage with notes',
  access: { kind: 'org', permission: 'workspace.use' },
  params: z.object({ usageId: id() }),
  query: OrganizationQuery,
  // Closing is the action, so `{}` closes: the note and the device's clock only go with it.
  body: z.object({
    notes: notAChange(
      text()
        .max(LIMITS.noteMax)
        .default('')
        .transform((s) => s.trim()),
    ),
    client_now: notAChange(timestamp().optional()),
  }),
  response: WorkspaceUsage,
});
