export * from './vocabulary';
export * from './ip-address';
export * from './normalize';
