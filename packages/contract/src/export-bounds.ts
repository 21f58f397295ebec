/** Export bounds and defaults, shared with the web form (no server-only imports here). */
export const EXPORT_DEFAULT_SEASON = 2025;
export const EXPORT_MIN_SEASON = 2020;
export const EXPORT_MAX_SEASON = 2030;
export const EXPORT_MIN_WEEK = 1;
export const EXPORT_MAX_WEEK = 22;
export const EXPORT_MIN_LIMIT = 100;
export const EXPORT_MAX_LIMIT = 10_000;
export const EXPORT_DEFAULT_LIMIT = 1_000;
