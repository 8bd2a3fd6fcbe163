/**
 * Every feature's calls and schemas, by the feature names that contract/routes.ts uses. The app
 * loads this module on its first API call (src/shared/api/calls.ts), never at start-up.
 */
export * as accounts from './accounts';
export * as collector from './collector';
export * as departments from './departments';
export * as memberships from './memberships';
export * as organizations from './organizations';
export * as scheduling from './scheduling';
export * as workspace from './workspace';
