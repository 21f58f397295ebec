import { createTestDatabase, users } from '@fm/db';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './config.js';
import { describeStartupFailure } from './startup-failure.js';

describe('the start-up failure line', () => {
  it('says what the database refused without the statement’s parameters (a password hash)', async () => {
    const database = await createTestDatabase();
    try {
      const row = { email: 'admin@example.com', passwordHash: '$argon2id$v=19$secret-hash' };
      await database.db.insert(users).values(row);
      const failure = await database.db
        .insert(users)
        .values(row)
        .catch((error: unknown) => error);
      const line = describeStartupFailure(failure);
      expect(line).toMatch(/^Start-up failed: duplicate key value violates unique constraint/);
      expect(line).not.toContain('argon2');
      expect(line).not.toContain('\n');
    } finally {
      await database.destroy();
    }
  });

  it('passes a configuration error through as its one line', () => {
    expect(describeStartupFailure(new ConfigError('PORT: 3000 is already in use'))).toBe(
      'PORT: 3000 is already in use',
    );
  });
});
