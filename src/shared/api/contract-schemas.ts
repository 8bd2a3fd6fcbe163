// The app's one door to the contract's schemas (and so to zod), loaded on the first API call
// (calls.ts). The import order matters: zod is configured before any schema is built.
import './zod-config';

export * as contract from '../../../contract/index';
