import { describe, expect, it } from 'vitest';
import { phone, webAddress } from '../../contract/fields';
import { OrganizationSettingsBody } from '../../contract/organizations';

/** Phones and web addresses: what people write is taken, what can't be one is refused with a sentence. */
describe('phone numbers', () => {
  it.each(['', '+1 555 0100', '(555) 010-0100', '+44 20 7946 0000', '030.1234.5678', '+49 30 1234'])('takes %j', (value) => {
    expect(phone().safeParse(value).success).toBe(true);
  });

  it.each(['📞📞📞📞📞📞', 'call me', '12345', '+1 555 0100 ext 7', '1'.repeat(16), '++1 555 0100'])(
    'refuses %j, saying what is allowed',
    (value) => {
      const parsed = phone().safeParse(value);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/phone number/);
    },
  );
});

describe('web addresses', () => {
  it.each(['', 'https://harbor.example', 'http://clinic.example.org/about', 'harbor-clinic.example', 'www.example.org'])(
    'takes %j',
    (value) => {
      expect(webAddress().safeParse(value).success).toBe(true);
    },
  );

  it.each(['htp:/bad', 'https://', 'not a site', 'javascript:alert(1)', 'ftp://files.example', 'localhost', 'https://nodot'])(
    'refuses %j with a sentence',
    (value) => {
      const parsed = webAddress().safeParse(value);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('Enter a web address such as https://example.org.');
    },
  );

  it('holds the organization settings to both', () => {
    const parsed = OrganizationSettingsBody.safeParse({
      name: 'Harbor',
      kind: 'clinic',
      timezone: 'Europe/Berlin',
      phone: '😀😀😀😀😀😀😀',
      website: 'htp:/bad',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['phone', 'website']);
  });
});
