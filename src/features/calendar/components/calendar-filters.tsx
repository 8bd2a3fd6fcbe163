import { SelectField } from '../../../shared/ui/select-field';
import type { CalendarFilters as Filters } from '../queries';
import type { ColourBy } from '../calendar-events';

type Named = Array<{ id: string; name: string }>;

interface CalendarFiltersProps {
  filters: Filters;
  onFilters: (filters: Filters) => void;
  lists: { therapists: Named; students: Named; departments: Named };
  /** A therapist sees their own sessions only: choosing a therapist would mean nothing to them. */
  hasTherapistFilter: boolean;
  colourBy: ColourBy;
  onColourBy: (by: ColourBy) => void;
}

const options = (list: Named, everyone: string) => [
  { value: '', label: everyone },
  ...list.map((row) => ({ value: row.id, label: row.name })),
];

/** Narrow the calendar to a therapist, a student or a department, and choose what the colours mean. */
export function CalendarFilters({ filters, onFilters, lists, hasTherapistFilter, colourBy, onColourBy }: CalendarFiltersProps) {
  const set = (field: keyof Filters) => (value: string) => onFilters({ ...filters, [field]: value });
  return (
    <div className="cal-filters">
      {hasTherapistFilter && (
        <SelectField
          label="Therapist"
          name="therapist"
          value={filters.therapistId}
          options={options(lists.therapists, 'All therapists')}
          onChange={set('therapistId')}
        />
      )}
      <SelectField
        label="Student"
        name="student"
        value={filters.studentId}
        options={options(lists.students, 'All students')}
        onChange={set('studentId')}
      />
      <SelectField
        label="Department"
        name="department"
        value={filters.departmentId}
        options={options(lists.departments, 'All departments')}
        onChange={set('departmentId')}
      />
      <SelectField
        label="Colour by"
        name="colour_by"
        value={colourBy}
        options={[
          { value: 'therapist', label: 'Therapist' },
          { value: 'department', label: 'Department' },
        ]}
        onChange={(value) => onColourBy(value === 'department' ? 'department' : 'therapist')}
      />
    </div>
  );
}
