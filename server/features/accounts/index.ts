/** What the seed uses of accounts (no other feature needs them): registering, signing out, finding a user by e-mail. */
export { findUserByEmail } from './repository';
export { logout, register } from './service';
