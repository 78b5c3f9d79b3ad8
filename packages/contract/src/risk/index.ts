export * from './vocabulary';
export * from './rule-schema';
export * from './rule-reading';
export * from './rule-summary';
