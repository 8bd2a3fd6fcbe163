import { describe, expect, it } from 'vitest';
import { changeText, formatValue, formatWhen, recordName, recordPath } from '../../src/features/audit/format';
import { isBackwardRange } from '../../src/features/audit/queries';

describe('the audit screen’s words for a change', () => {
  const price = { field: 'price_minor', label: 'Price', before: '45.00', after: '50.00' };

  it('writes an update as before → after, a create as the new value and a delete as the old one', () => {
    expect(changeText('update', price)).toBe('Price: 45.00 → 50.00');
    expect(changeText('create', { ...price, before: null })).toBe('Price: 50.00');
    expect(changeText('delete', { ...price, after: null })).toBe('Price: 45.00');
  });

  it('words values a person would not read as data', () => {
    expect(formatValue(null)).toBe('—');
    expect(formatValue(true)).toBe('Yes');
    expect(formatValue(false)).toBe('No');
    expect(formatValue('')).toBe('(empty)');
    expect(formatValue(60)).toBe('60');
    expect(formatValue(['services.view', 'audit.view'])).toBe('services.view, audit.view');
    expect(formatValue([])).toBe('(none)');
    expect(formatValue({ department: 'd1' })).toBe('{"department":"d1"}');
  });

  it("writes a recorded moment on the organization's clock and a list of records as how many", () => {
    expect(formatValue('2026-12-02T17:45:00.000Z', 'America/New_York')).toMatch(/^Dec 2, 2026, 12:45\sPM/);
    expect(
      changeText('update', { field: 'ended_at', label: 'Ended at', before: null, after: '2026-11-29T15:29:57.490Z' }, 'America/New_York'),
    ).toMatch(/^Ended at: — → Nov 29, 2026, 10:29\sAM/);
    const ids = ['01a227ed-56b9-7492-a8ce-72860c0daa59', '01a227ed-56d4-72f7-9ca5-f98990308757'];
    expect(formatValue(ids)).toBe('2 records');
    expect(formatValue(ids.slice(0, 1))).toBe('1 record');
    // A day alone, or a name that happens to start like a date, stays as written.
    expect(formatValue('2026-12-02')).toBe('2026-12-02');
  });

  it("puts an entry on the organization's calendar, not the browser's", () => {
    // 23:30 UTC on 9 March is already the 10th in Berlin and still the 9th in New York.
    const at = '2026-03-09T23:30:00.000Z';
    expect(formatWhen(at, 'Europe/Berlin').day).toMatch(/10/);
    expect(formatWhen(at, 'America/New_York').day).toMatch(/9/);
  });

  it('holds back a range that ends before it starts', () => {
    expect(isBackwardRange({ from: '2026-03-10', to: '2026-03-09' })).toBe(true);
    expect(isBackwardRange({ from: '2026-03-10', to: '2026-03-10' })).toBe(false);
    expect(isBackwardRange({ from: '', to: '2026-03-09' })).toBe(false);
  });

  it("names the organization's zone beside the time only when the device reads another", () => {
    const at = '2026-03-09T23:30:00.000Z';
    expect(formatWhen(at, 'America/New_York', 'Europe/Berlin').time).toMatch(/^7:30\sPM EDT$/);
    expect(formatWhen(at, 'America/New_York', 'America/New_York').time).toMatch(/^7:30\sPM$/);
  });

  it('writes what was opened, and names a record in words with a link where it has a screen', () => {
    expect(changeText('read', { field: 'parts', label: 'Parts', before: null, after: ['Goals and data'] })).toBe('Parts: Goals and data');
    const entry = { entity: 'therasession', entity_id: 's1', action: 'update' as const, related: { student: 'st1', membership: 'm1' } };
    expect(recordPath(entry)).toBe('/organization/schedule/sessions/s1');
    expect(recordPath({ ...entry, entity: 'department_member', related: { department: 'd1', membership: 'm1' } })).toBe(
      '/organization/departments/d1',
    );
    expect(recordPath({ ...entry, entity: 'department', entity_id: 'd1', action: 'delete' })).toBeNull();
    // A student and their goals open the student's page; a kind without a screen is named without a link.
    expect(recordPath({ ...entry, entity: 'goal' })).toBe('/organization/students/st1');
    expect(recordPath({ ...entry, entity: 'student', entity_id: 'st1', action: 'read' })).toBe('/organization/students/st1');
    expect(recordPath({ ...entry, entity: 'sub_goal' })).toBeNull();
    expect(recordName({ record_label: null, entity_label: 'Session' })).toBe('Unnamed session');
    expect(recordName({ record_label: 'Noah Bennett with Jordan Reyes', entity_label: 'Session' })).toBe('Noah Bennett with Jordan Reyes');
  });
});
