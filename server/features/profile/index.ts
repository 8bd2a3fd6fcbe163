// What other server features may use: a member's profile, read by their organization (the member detail).
export { memberProfile } from './service';
