// The session history screens load together: one chunk for the feature.
export { CaseloadRoute } from './caseload-page';
export { SessionHistoryRoute } from './session-history-page';
