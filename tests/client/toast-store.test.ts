import { afterEach, describe, expect, it } from 'vitest';
import { clearToasts, currentToast as current, dismissConfirmations, dismissToast, showToast } from '../../src/shared/ui/toast-store';

describe('toasts', () => {
  afterEach(() => clearToasts());

  it('a confirmation replaces the confirmation before it, on screen or waiting', () => {
    showToast('Added Jordan Reyes to the team.', 'success');
    showToast('Added Noah Bennett to the department.', 'success');
    expect(current()?.message).toBe('Added Noah Bennett to the department.');
    const head = current()!;
    dismissToast(head.id);
    expect(current()).toBeUndefined();
  });

  it('errors stay in line until read, and a confirmation waits behind them', () => {
    showToast('The server could not save the department.', 'danger');
    showToast('Added Noah Bennett to the department.', 'success');
    showToast('Assigned Jordan Reyes.', 'success');
    expect(current()?.message).toBe('The server could not save the department.');
    dismissToast(current()!.id);
    expect(current()?.message).toBe('Assigned Jordan Reyes.');
  });

  it('takes confirmations off screen when an outcome is reported elsewhere, and leaves errors', () => {
    showToast('3 services deleted.', 'success');
    dismissConfirmations();
    expect(current()).toBeUndefined();
    showToast('The server could not delete the service.', 'danger');
    showToast('1 service deleted.', 'success');
    dismissConfirmations();
    expect(current()?.message).toBe('The server could not delete the service.');
    dismissToast(current()!.id);
    expect(current()).toBeUndefined();
  });
});
