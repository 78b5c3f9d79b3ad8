export * from './define';
export * from './auth';
export * from './security';
export * from './admin-logs';
export * from './accounts';
