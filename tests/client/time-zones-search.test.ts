import { describe, expect, it } from 'vitest';
import { COMMON_TIME_ZONES, timeZoneChoiceLabel, timeZoneOptions, zoneCity } from '../../src/shared/ui/time-zone-choices';
import { timeZones } from '../../src/shared/ui/time-zones';

const values = (options: Array<{ value: string }>) => options.map((option) => option.value);

describe('choosing a time zone', () => {
  it('names a zone by its city first, then its exact name', () => {
    expect(timeZoneChoiceLabel('America/New_York')).toBe('New York (America/New_York)');
    expect(zoneCity('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(zoneCity('Europe/Berlin')).toBe('Berlin');
    expect(timeZoneChoiceLabel('UTC')).toBe('UTC');
  });

  it("lists the saved zone, then the device's, then the common ones, then every other zone once", () => {
    const options = timeZoneOptions({ saved: 'Asia/Kathmandu', device: 'Europe/Lisbon' });
    expect(values(options).slice(0, 3)).toEqual(['Asia/Kathmandu', 'Europe/Lisbon', COMMON_TIME_ZONES[0]]);
    const common = options.filter((option) => option.isCommon);
    const known = COMMON_TIME_ZONES.filter((zone) => timeZones().includes(zone));
    expect(known.length).toBeGreaterThan(25);
    expect(common).toHaveLength(known.length + 2);
    expect(options.findIndex((option) => !option.isCommon)).toBe(common.length);
    expect(new Set(values(options)).size).toBe(options.length);
    expect(options.length).toBeGreaterThan(300);
  });

  it('finds a zone by a part of its city, whatever the case, spaces for underscores', () => {
    expect(values(timeZoneOptions({ search: 'york' }))).toEqual(['America/New_York']);
    expect(values(timeZoneOptions({ search: 'NEW YORK' }))).toEqual(['America/New_York']);
    expect(values(timeZoneOptions({ search: 'sao p' }))).toEqual(['America/Sao_Paulo']);
    expect(values(timeZoneOptions({ search: 'europe/ber' }))).toEqual(['Europe/Berlin']);
  });

  it('puts a city that starts with the search before one that only contains it', () => {
    // Berlin and Dublin are common zones, listed first without a search; Lindeman starts with "lin".
    const found = values(timeZoneOptions({ search: 'lin' }));
    expect(found[0]).toBe('Australia/Lindeman');
    expect(found).toEqual(expect.arrayContaining(['Europe/Berlin', 'Europe/Dublin']));
  });

  it('keeps a saved zone this browser does not know, and finds nothing for nonsense', () => {
    expect(values(timeZoneOptions({ saved: 'Mars/Olympus_Mons' }))[0]).toBe('Mars/Olympus_Mons');
    expect(timeZoneOptions({ search: 'zzzz' })).toEqual([]);
  });
});
