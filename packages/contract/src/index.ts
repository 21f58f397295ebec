/**
 * The wire contract: the zod schemas of what crosses between the browser and the server, and the
 * rules both sides check. Browser-safe: it depends only on zod, fastest-levenshtein, @fm/engine and @fm/projections.
 */
export * from './admin-schemas.js';
export * from './admin-system-schemas.js';
export * from './csv-upload.js';
export * from './data-change.js';
export * from './error-categories.js';
export * from './error-codes.js';
export * from './export-bounds.js';
export * from './format-duration.js';
export * from './league-engine-input.js';
export * from './league-engine-players.js';
export * from './leagues-schemas.js';
export * from './matchup-request.js';
export * from './matchup-schemas.js';
export * from './model-card.js';
export * from './nfl-calendar.js';
export * from './notifications-schemas.js';
export * from './password-policy.js';
export * from './platforms.js';
export * from './projections-schemas.js';
export * from './public-schemas.js';
export * from './rest-of-season-schemas.js';
export * from './player-name-match.js';
export * from './query-params.js';
export * from './scoring-formats.js';
export * from './scoring-setting-labels.js';
export * from './season-outlook-input.js';
export * from './session-signals.js';
export * from './trpc-batches.js';
