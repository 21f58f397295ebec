export type { AppRouter } from './router/root.js';
