/** What the seed uses of invitations: inviting a person. */
export { invite } from './service';
