import type { Classroom } from '../../../contract/classrooms';

/** "3 of 12 seats" or "3 students" when there is no limit. */
export function seatsText(classroom: Pick<Classroom, 'students_count' | 'capacity'>): string {
  const { students_count: count, capacity } = classroom;
  if (capacity === null) {
    return `${count} ${count === 1 ? 'student' : 'students'}`;
  }
  return `${count} of ${capacity} ${capacity === 1 ? 'seat' : 'seats'}`;
}

export function homeroomText(classroom: Pick<Classroom, 'homeroom'>): string {
  return classroom.homeroom ? `${classroom.homeroom.first_name} ${classroom.homeroom.last_name}` : '—';
}
