/** What the seed uses of family: a parent's child, and the parent's side of an enrollment. */
export { createChild, setChildEnrollmentParentStatus } from './service';
