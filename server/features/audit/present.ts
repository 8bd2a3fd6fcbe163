import {
  AUDIT_ENTITY_LABELS,
  isAuditEntity,
  type AuditEntry,
  type AuditFieldChange,
  type AuditKind,
  type AuditList,
  type AuditPerson,
} from '../../../contract/audit';
import { STUDENT_PART_LABELS } from '../../../contract/enrollment-templates';
import { fromMinorUnits, type CurrencyCode } from '../../../contract/money';
import { PERMISSION_KEY_LABELS } from '../../../contract/permissions';
import type { AuditFacetRow, AuditRow } from './repository';

/** Fields whose humanized name reads badly; the others are humanized ("grade_level" → "Grade level"). */
const FIELD_LABELS: Record<string, string> = {
  duration_minutes: 'Duration (minutes)',
  permission_keys: 'Permissions',
  default_for: 'Built-in role for',
  role_id: 'Role id',
};

function humanize(name: string): string {
  const words = name.replace(/^is_/, '').replace(/_/g, ' ').trim();
  return words ? `${words[0]!.toUpperCase()}${words.slice(1)}` : name;
}

/** A kind the trail no longer records (an older row) is humanized: "classroom_student" → "Classroom student". */
export const entityLabel = (entity: string) => (isAuditEntity(entity) ? AUDIT_ENTITY_LABELS[entity] : humanize(entity));

/**
 * Fields whose values are keys, shown by their words: a student's record parts ("Goals and data")
 * and a role's permissions ("Manage sessions"). A key no longer in the lists stays as it was.
 */
const VALUE_WORDS: Record<string, Record<string, string>> = {
  parts: STUDENT_PART_LABELS,
  permission_keys: PERMISSION_KEY_LABELS,
};

function inWords(words: Record<string, string>, value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map((item) => inWords(words, item));
  }
  return typeof value === 'string' && Object.hasOwn(words, value) ? words[value] : value;
}

/** Money is stored in minor units in fields named `<name>_minor` (contract/money.ts): shown as a price in the currency. */
const MONEY = /^(.+)_minor$/;

function fieldChange(field: string, [before, after]: [unknown, unknown], currency: CurrencyCode): AuditFieldChange {
  const money = MONEY.exec(field);
  if (money) {
    const price = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? fromMinorUnits(value, currency) : value);
    return { field, label: FIELD_LABELS[field] ?? humanize(money[1]!), before: price(before), after: price(after) };
  }
  const words = VALUE_WORDS[field];
  return words
    ? { field, label: FIELD_LABELS[field] ?? humanize(field), before: inWords(words, before), after: inWords(words, after) }
    : { field, label: FIELD_LABELS[field] ?? humanize(field), before, after };
}

function person(id: string | null, firstName: string | null, lastName: string | null, email: string | null): AuditPerson | null {
  return id === null || email === null ? null : { id, first_name: firstName ?? '', last_name: lastName ?? '', email };
}

export function presentEntry(row: AuditRow, currency: CurrencyCode): AuditEntry {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    user: person(row.userId, row.firstName, row.lastName, row.email),
    acting_as: person(row.actingAsUserId, row.actingFirstName, row.actingLastName, row.actingEmail),
    call: row.call,
    action: row.action,
    entity: row.entity,
    entity_label: entityLabel(row.entity),
    entity_id: row.entityId,
    record_label: row.recordLabel,
    related: row.scope,
    changes: Object.entries(row.changes).map(([field, pair]) => fieldChange(field, pair, currency)),
  };
}

/** The pickers' lists from the facet rows (one per kind of record and person): kinds by label, people by name. */
export function presentFacets(rows: AuditFacetRow[]): Pick<AuditList, 'kinds' | 'people'> {
  const kinds = new Map<string, AuditKind>();
  const people = new Map<string, AuditPerson & { count: number }>();
  for (const row of rows) {
    if (row.entity === null) {
      continue;
    }
    const kind = kinds.get(row.entity) ?? { entity: row.entity, label: entityLabel(row.entity), count: 0 };
    kind.count += row.n;
    kinds.set(row.entity, kind);
    const who = person(row.userId, row.firstName, row.lastName, row.email);
    if (who) {
      const known = people.get(who.id) ?? { ...who, count: 0 };
      known.count += row.n;
      people.set(who.id, known);
    }
  }
  const byName = (a: AuditPerson, b: AuditPerson) =>
    `${a.last_name} ${a.first_name}`.localeCompare(`${b.last_name} ${b.first_name}`) || a.email.localeCompare(b.email);
  return {
    kinds: [...kinds.values()].sort((a, b) => a.label.localeCompare(b.label)),
    people: [...people.values()].sort(byName),
  };
}
