/** What the seed uses of organizations: an organization's settings (its time zone). */
export { getSettings } from './repository';
