import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultSimulationWorkers, loadConfig } from './config.js';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'fm-config-'));

describe('loadConfig', () => {
  it('applies the contract defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.sleeperApiUrl).toBe('https://api.sleeper.app');
    expect(config.yahoo.authUrl).toBe('https://api.login.yahoo.com');
    expect(config.mailFrom).toBe('Fantasy Matchup <no-reply@localhost>');
    expect(config.logLevel).toBe('info');
    expect(config.isSecureOrigin).toBe(false);
  });

  it('refreshes live stats every minute by default and reads ESPN’s scoreboard, both configurable', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir() });
    expect(defaults.liveSyncSeconds).toBe(60);
    expect(defaults.nflScoreboardUrl).toBe(
      'https://site.api.espn.com/apis/site/v2/sports/football/nfl/scoreboard',
    );
    const custom = loadConfig({
      DATA_DIR: dataDir(),
      LIVE_SYNC_SECONDS: '0',
      NFL_SCOREBOARD_URL: 'http://127.0.0.1:8080/scoreboard',
    });
    expect(custom.liveSyncSeconds).toBe(0);
    expect(custom.nflScoreboardUrl).toBe('http://127.0.0.1:8080/scoreboard');
    expect(() => loadConfig({ DATA_DIR: dataDir(), LIVE_SYNC_SECONDS: '5' })).toThrow(
      /^Invalid configuration: LIVE_SYNC_SECONDS/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), LIVE_SYNC_SECONDS: 'often' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), NFL_SCOREBOARD_URL: 'ftp://x' })).toThrow(
      /NFL_SCOREBOARD_URL/,
    );
  });

  it('generates the session secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
  });

  it('sizes the simulation pool to the cores less one, at least one, unless SIMULATION_WORKERS says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).simulationWorkers).toBe(
      Math.max(1, os.availableParallelism() - 1),
    );
    expect(defaultSimulationWorkers(8)).toBe(7);
    expect(defaultSimulationWorkers(2)).toBe(1);
    expect(defaultSimulationWorkers(1)).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), SIMULATION_WORKERS: '3' }).simulationWorkers).toBe(3);
  });

  it('marks an https APP_URL as a secure origin', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), APP_URL: 'https://fm.example.com/' }).isSecureOrigin).toBe(true);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['APP_URL', 'not a url'],
    ['SMTP_URL', 'http://mail'],
    ['LOG_LEVEL', 'loud'],
    ['SESSION_SECRET', 'short'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['SIMULATION_WORKERS', '0'],
    ['SIMULATION_WORKERS', 'two'],
    ['SIMULATION_WORKERS', '1.5'],
  ])('rejects %s=%s with one line naming the variable', (variable, value) => {
    const attempt = () => loadConfig({ DATA_DIR: dataDir(), [variable]: value, ADMIN_PASSWORD: 'x' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain(variable);
      expect(message).not.toContain('\n');
    }
  });

  it('requires ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAIL: 'a@b.co' })).toThrow(
      /ADMIN_EMAIL and ADMIN_PASSWORD/,
    );
  });

  it('takes a direct PostgreSQL URL beside a pooled DATABASE_URL, and only with one', () => {
    const pooled = 'postgres://app@127.0.0.1:6432/fantasy';
    const direct = 'postgres://app@127.0.0.1:5432/fantasy';
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: pooled, DATABASE_DIRECT_URL: direct });
    expect(config).toMatchObject({ databaseUrl: pooled, databaseDirectUrl: direct });
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: pooled }).databaseDirectUrl).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_DIRECT_URL: direct })).toThrow(
      /^Invalid configuration: DATABASE_DIRECT_URL needs DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: pooled, DATABASE_DIRECT_URL: 'mysql://x' }),
    ).toThrow(/DATABASE_DIRECT_URL/);
  });
});
