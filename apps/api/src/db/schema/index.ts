export * from './deliveries.js';
export * from './files.js';
export * from './messaging.js';
export * from './users.js';
