import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act } from 'react';
import { layersOutline } from 'ionicons/icons';
import { AdminList } from '../../src/shared/admin/admin-list';
import { adminColumnHelper } from '../../src/shared/admin/admin-table';
import { useListState } from '../../src/shared/admin/use-list-state';
import type { BulkDeleteResult } from '../../contract/http';
import { clearToasts, currentToast } from '../../src/shared/ui/toast-store';
import { button, click, installDialogMethods, renderAdmin, settle, type Rendered } from '../helpers/render-admin';

interface Service {
  id: string;
  name: string;
}

const SERVICES: Service[] = ['Group session 01', 'Group session 02', 'Group session 03', 'Group session 04', 'Group session 05'].map(
  (name, i) => ({ id: `s${i + 1}`, name }),
);
const helper = adminColumnHelper<Service>();
const columns = [helper.accessor('name', { id: 'name', header: 'Name', enableSorting: false })];

/** The list with a bulk delete that refuses the ids in `refused`, as the server does a row deleted meanwhile. */
function Harness({ refused }: { refused: Set<string> }) {
  const list = useListState<Record<string, string>>({ ordering: 'name', filters: {} });
  const onBulkDelete = (ids: string[]): Promise<BulkDeleteResult> =>
    Promise.resolve({
      deleted: ids.filter((id) => !refused.has(id)),
      failed: ids.filter((id) => refused.has(id)).map((id) => ({ id, detail: 'Service not found.', code: 'NOT_FOUND' })),
    });
  return (
    <AdminList
      noun={{ one: 'service', many: 'services' }}
      columns={columns}
      query={{
        data: { count: SERVICES.length, results: SERVICES },
        isPending: false,
        isError: false,
        error: null,
        isPlaceholderData: false,
        refetch: () => undefined,
      }}
      fetchErrorText="Failed to fetch services"
      list={list}
      defaultOrdering="name"
      isNarrowed={false}
      onClearNarrowing={() => undefined}
      rowLabel={(service) => service.name}
      empty={{ icon: layersOutline, title: 'No services yet', text: 'Add one.' }}
      onBulkDelete={onBulkDelete}
    />
  );
}

describe('an admin list’s bulk delete', () => {
  let screen: Rendered | undefined;
  beforeAll(() => installDialogMethods());
  afterEach(async () => {
    await screen?.unmount();
    clearToasts();
  });

  async function deleteSelected(names: string[]) {
    for (const name of names) {
      const box = screen!.container.querySelector<HTMLInputElement>(`input[aria-label="Select ${name}"]`);
      await click(box ?? undefined);
    }
    await click(button(screen!.container, 'Delete selected'));
    const dialog = screen!.container.querySelector('dialog[open]');
    await click(button(dialog!, 'Delete'));
    await act(async () => settle());
  }

  it('confirms a whole delete in a toast, and a partial one in its report alone, the earlier confirmation taken off', async () => {
    screen = await renderAdmin(<Harness refused={new Set(['s5'])} />);
    await settle();
    await deleteSelected(['Group session 01', 'Group session 02', 'Group session 03']);
    expect(currentToast()?.message).toBe('3 services deleted.');

    await deleteSelected(['Group session 04', 'Group session 05']);
    const report = screen.container.querySelector('[role="alert"]')?.textContent;
    expect(report).toContain('1 service deleted; 1 could not be deleted:');
    expect(report).toContain('Group session 05: Service not found.');
    expect(currentToast()).toBeUndefined();
  });
});
