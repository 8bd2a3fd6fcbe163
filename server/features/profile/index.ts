// What other server features may use: a member's profile, read by their organization (the member detail).
export { memberProfile } from './service';

// The seed also fills in therapists' profiles and their certifications.
export { updateProfile } from './service';
export { certifications } from './service-items';
