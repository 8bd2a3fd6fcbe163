// The scheduling screens load together: one chunk for the feature, as the other features' routes do.
export { PlanPage } from './plan-page';
export { SessionPage } from './session-page';
export { SubscriptionPage } from './subscription-page';
