export * from './deliveries.js';
export * from './files.js';
export * from './messaging.js';
export * from './rate-limits.js';
export * from './users.js';
export * from './live-events.js';
export * from './integrations.js';
export * from './standing-orders.js';
