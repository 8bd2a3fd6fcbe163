import type { ESLint, Rule } from 'eslint';

/** Types of the repository's ESLint plugin (written in JavaScript so the config loads it as it is). */
declare const plugin: ESLint.Plugin & { rules: { 'feature-fences': Rule.RuleModule; 'function-size': Rule.RuleModule } };
export default plugin;
