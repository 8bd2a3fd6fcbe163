import { featureFences } from './feature-fences.js';
import { functionSize } from './function-size.js';

/** The repository's own ESLint rules, wired in eslint.config.js as `thera/…`. */
export default {
  meta: { name: 'thera' },
  rules: { 'feature-fences': featureFences, 'function-size': functionSize },
};
