import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { InvitationStatus } from '../../contract/invitations';
import { invitationColumns, type InvitationRow } from '../../src/features/people/components/invitation-columns';
import { OrgZone } from '../../src/shared/ui/org-zone';

const row = (status: InvitationStatus, answeredAt: string | null): InvitationRow =>
  ({
    id: 'x',
    status,
    expires_at: '2026-12-13T15:00:00.000Z',
    answered_at: answeredAt,
  }) as InvitationRow;

/** The text of the date column's cell for a row, on New York's clock. */
function dateCell(invitation: InvitationRow): string {
  const column = invitationColumns().find((c) => c.id === 'expires_at')!;
  const cell = (column.cell as (context: { row: { original: InvitationRow } }) => React.ReactNode)({ row: { original: invitation } });
  const html = renderToStaticMarkup(<OrgZone.Provider value="America/New_York">{cell}</OrgZone.Provider>);
  return html.replace(/<[^>]+>/g, '').replace(/\s*\([^)]*\)|\s+[A-Z]{2,4}$/, '');
}

describe("the owner's invitations list", () => {
  it('shows the one date that is true of each state, never an expiry for an answered invitation', () => {
    expect(dateCell(row('pending', null))).toMatch(/^Expires Dec 13, 2026/);
    expect(dateCell(row('expired', null))).toMatch(/^Expired Dec 13, 2026/);
    expect(dateCell(row('accepted', '2026-12-01T15:00:00.000Z'))).toMatch(/^Accepted Dec 1, 2026/);
    expect(dateCell(row('rejected', '2026-12-02T15:00:00.000Z'))).toMatch(/^Declined Dec 2, 2026/);
    expect(dateCell(row('cancelled', '2026-12-03T15:00:00.000Z'))).toMatch(/^Cancelled Dec 3, 2026/);
    expect(dateCell(row('accepted', null))).toBe('Accepted');
  });
});
