import type { RouterOutputs } from '@fm/api';

type AdminOutputs = RouterOutputs['admin'];
export type AdminMetrics = AdminOutputs['metrics']['data'];
export type ChartRow = AdminOutputs['chartData']['data'][number];
export type AdminUser = AdminOutputs['users']['data'][number];
export type AdminAlert = AdminOutputs['alerts']['data'][number];
export type SystemHealth = AdminOutputs['systemHealth']['data'];
export type ApiMetrics = AdminOutputs['systemMetrics']['data'];
export type ErrorReport = AdminOutputs['systemErrors']['data'];
export type ResourceReport = AdminOutputs['systemResources']['data'];
export type ImportStats = AdminOutputs['dataManagement']['importStats']['data'];
