// Public surface of the rules: the catalogue and the engine the pipeline drives.
export { RULES, ruleById } from '../catalogue/catalogue.js';
export { createRuleEngine } from './engine.js';
export type { RuleContext, RuleEngine } from './engine-types.js';
export { CLIENT_PROFILES, rejectingProfiles, rejectsUnder } from './profiles.js';
