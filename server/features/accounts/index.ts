/**
 * What the seed uses of accounts (registering, signing out, finding a user by e-mail), and the user
 * row's read and write, which the owner's and the therapist's profiles make on the same row.
 */
export { findUserByEmail, findUserById, updateUser } from './repository';
export { logout, register } from './service';
