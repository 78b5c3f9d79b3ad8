export * from './profile-schema';
export * from './profile-reading';
