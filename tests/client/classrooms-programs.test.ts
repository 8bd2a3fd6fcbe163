import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/shared/api/api-error';
import { ERROR_TEXT, refusalText } from '../../src/shared/api/error-text';
import { homeroomText, seatsText } from '../../src/features/classrooms/format';
import { statusLabel } from '../../src/features/programs/components/program-detail-columns';

describe('refusalText: the fallback words first, then the server’s reason', () => {
  it('adds the server’s detail after the fallback', () => {
    const error = new ApiError({ status: 409, code: 'CONFLICT', body: { detail: 'Room 4 is full: 1 of 1 seats are taken.' } });
    expect(refusalText(error, ERROR_TEXT.addStudent)).toBe('Unable to add student: Room 4 is full: 1 of 1 seats are taken.');
  });

  it('is the fallback alone when the answer gives no reason', () => {
    const error = new ApiError({ status: 500, code: 'INTERNAL', body: null, message: 'x' });
    expect(refusalText(error, ERROR_TEXT.removeStudent)).toBe('Unable to remove student');
  });
});

describe('classroom facts', () => {
  it('counts seats against the capacity, or students when there is no limit', () => {
    expect(seatsText({ students_count: 0, capacity: 1 })).toBe('0 of 1 seat');
    expect(seatsText({ students_count: 3, capacity: 12 })).toBe('3 of 12 seats');
    expect(seatsText({ students_count: 1, capacity: null })).toBe('1 student');
    expect(seatsText({ students_count: 2, capacity: null })).toBe('2 students');
  });

  it('names the homeroom teacher or shows a dash', () => {
    expect(homeroomText({ homeroom: null })).toBe('—');
    expect(homeroomText({ homeroom: { membership_id: 'm', first_name: 'Jordan', last_name: 'Reyes' } })).toBe('Jordan Reyes');
  });
});

describe('enrollment status labels', () => {
  it('reads the server’s statuses as words', () => {
    expect(statusLabel('on_hold')).toBe('On hold');
    expect(statusLabel('active')).toBe('Active');
    expect(statusLabel('some_new_one')).toBe('some new one');
  });
});
