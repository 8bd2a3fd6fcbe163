import { describe, expect, it } from 'vitest';
import type { InvitationPreview } from '../../contract/invitations';
import { formatDate, invitationDate, previewSentence } from '../../src/features/invitations/format';

const SENT = { expires_at: '2026-12-13T10:00:00Z', answered_at: '2026-12-02T09:00:00Z' };

const preview = (over: Partial<InvitationPreview>): InvitationPreview => ({
  status: 'pending',
  organization: { name: 'Harbor Clinic', kind: 'clinic' },
  invited_by: { first_name: 'Olivia', last_name: 'Owner' },
  role_name: 'Therapist',
  email: 'robin@example.com',
  has_account: false,
  ...SENT,
  answered_at: null,
  ...over,
});

describe("an invitation's date, as its state makes it true", () => {
  it('says when an open one runs out and when an expired one did', () => {
    expect(invitationDate({ status: 'pending', ...SENT, answered_at: null })).toEqual({
      label: 'Expires on',
      date: formatDate(SENT.expires_at),
    });
    expect(invitationDate({ status: 'expired', ...SENT, answered_at: null })).toEqual({
      label: 'Expired on',
      date: formatDate(SENT.expires_at),
    });
  });

  it('says when an answered or withdrawn one was answered, never that it expired', () => {
    const answered = formatDate(SENT.answered_at);
    expect(invitationDate({ status: 'accepted', ...SENT })).toEqual({ label: 'Accepted on', date: answered });
    expect(invitationDate({ status: 'rejected', ...SENT })).toEqual({ label: 'Declined on', date: answered });
    expect(invitationDate({ status: 'cancelled', ...SENT })).toEqual({ label: 'Withdrawn on', date: answered });
    expect(invitationDate({ status: 'accepted', ...SENT, answered_at: null })).toBeNull();
  });

  it('tells a visitor of the link in one sentence what became of it', () => {
    expect(previewSentence(preview({}))).toBe(`This invitation is open until ${formatDate(SENT.expires_at)}.`);
    expect(previewSentence(preview({ status: 'accepted', answered_at: SENT.answered_at }))).toBe(
      `This invitation was already accepted on ${formatDate(SENT.answered_at)}. Sign in to work in Harbor Clinic.`,
    );
    expect(previewSentence(preview({ status: 'cancelled', answered_at: SENT.answered_at }))).toMatch(
      /^Harbor Clinic withdrew this invitation on /,
    );
    expect(previewSentence(preview({ status: 'expired' }))).toBe(
      `This invitation expired on ${formatDate(SENT.expires_at)}. Ask Harbor Clinic to invite you again.`,
    );
  });
});
