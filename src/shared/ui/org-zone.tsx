import { createContext, useContext } from 'react';
import { browserTimeZone, formatOrgMoment } from './time-zones';

/**
 * The active organization's time zone, given by the screen that shows an organization's pages
 * (src/app/organization-screen.tsx), so a list's "Created" cell or a history's time reads the
 * organization's clock without every column being handed the zone. Outside an organization's
 * screens it is the device's.
 */
export const OrgZone = createContext<string>(browserTimeZone());

export const useOrgZone = () => useContext(OrgZone);

/**
 * A recorded moment in an admin screen, on the organization's clock, named with the zone's short
 * name when the device reads another ("Nov 24, 2026, 3:05 PM EST"); `day` writes the day alone.
 */
export function OrgMoment({ at, day = false }: { at: string; day?: boolean }) {
  const zone = useOrgZone();
  return <time dateTime={at}>{formatOrgMoment(at, zone, !day)}</time>;
}
