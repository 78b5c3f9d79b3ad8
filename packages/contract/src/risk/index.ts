export * from './vocabulary';
export * from './rule-schema';
export * from './rule-reading';
export * from './rule-summary';
export * from './rule-seen';
export * from './ip-address';
export * from './normalize';
