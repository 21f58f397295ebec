import { Banner } from '@fm/ui';
import type { OutStarterFix } from './out-starter-fixes';
import './out-starters.css';

/** A warning per starter who will not play, with a one-tap fix: start the best bench player for his slot. */
export function OutStarterWarnings({
  fixes,
  onFix,
}: {
  fixes: OutStarterFix[];
  onFix(fix: OutStarterFix & { replacement: NonNullable<OutStarterFix['replacement']> }): void;
}) {
  if (fixes.length === 0) return null;
  return (
    <section className="out-starters" aria-label="Starters who will not play">
      <Banner tone="warning">
        <ul className="out-starters__list">
          {fixes.map((fix) => (
            <li key={fix.starter.player_id}>
              <strong>{fix.starter.name}</strong> will not play ({fix.reason}) and scores 0.{' '}
              {fix.replacement ? (
                <button
                  type="button"
                  className="chip-button"
                  onClick={() => onFix({ ...fix, replacement: fix.replacement! })}
                >
                  Start {fix.replacement.name} instead
                </button>
              ) : (
                <span>No healthy bench player fits his slot.</span>
              )}
            </li>
          ))}
        </ul>
      </Banner>
    </section>
  );
}
