import type { RacedConstraint } from '../../lib/db-errors';
import { fromMinorUnits, type CurrencyCode } from '../../../contract/money';
import type { Service } from '../../../contract/services';
import type { ServiceRow } from './repository';

export function present(row: ServiceRow, currency: CurrencyCode): Service {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: fromMinorUnits(row.priceMinor, currency),
    price_minor: row.priceMinor,
    currency,
    is_active: row.isActive,
    duration_minutes: row.durationMinutes,
    created_at: row.createdAt.toISOString(),
  };
}

/** The fields the audit trail keeps (no ids or timestamps: those are the row's). */
export const audited = (row: ServiceRow) => ({
  name: row.name,
  description: row.description,
  price_minor: row.priceMinor,
  is_active: row.isActive,
  duration_minutes: row.durationMinutes,
});

/** What a person hears when two saves race into one of this feature's unique constraints (409, on the field). */
export const UNIQUE_CONSTRAINTS = {
  services_name_uq: { detail: 'A service with this name already exists.', field: 'name' },
} as const satisfies Record<string, RacedConstraint>;
