import { describe, expect, it } from 'vitest';
import { byeWeeks, hasNoGameInWeek, isByeOpponent } from './bye-week.js';

const game = (week: number, homeTeam: string, awayTeam: string) => ({ week, homeTeam, awayTeam });

/** 32 teams; `off` sit the week out, the rest pair up in order. */
function fullWeek(week: number, off: string[] = []) {
  const teams = Array.from({ length: 32 }, (_, i) => `T${String(i).padStart(2, '0')}`).filter(
    (team) => !off.includes(team),
  );
  const games: ReturnType<typeof game>[] = [];
  for (let i = 0; i + 1 < teams.length; i += 2) games.push(game(week, teams[i]!, teams[i + 1]!));
  return games;
}

describe('a bye', () => {
  it('is named by an opponent of BYE, however it is written', () => {
    for (const opponent of ['BYE', 'bye', ' Bye ', '@BYE']) expect(isByeOpponent(opponent)).toBe(true);
    for (const opponent of ['BUF', '@BUF', 'BYES', '', null, undefined])
      expect(isByeOpponent(opponent)).toBe(false);
  });

  it('is a team absent from the games a week holds; a week without games and a free agent say nothing', () => {
    const playing = new Set(['KC', 'DEN', 'BUF', 'MIA']);
    expect(hasNoGameInWeek('BAL', playing)).toBe(true);
    expect(hasNoGameInWeek('KC', playing)).toBe(false);
    expect(hasNoGameInWeek('BAL', new Set())).toBe(false);
    expect(hasNoGameInWeek('FA', playing)).toBe(false);
    expect(hasNoGameInWeek(null, playing)).toBe(false);
  });

  it("is each team's one week off among the weeks whose games are all known", () => {
    const byes = byeWeeks([...fullWeek(5), ...fullWeek(6, ['T03', 'T10']), ...fullWeek(7, ['T20', 'T21'])]);
    expect(Object.fromEntries(byes)).toEqual({ T03: 6, T10: 6, T20: 7, T21: 7 });
  });

  it('is not given as a season’s bye week from a week only partly known', () => {
    const partial = [game(8, 'T00', 'T01'), game(8, 'T02', 'T03')];
    expect(byeWeeks([...fullWeek(5), ...partial]).size).toBe(0);
  });
});
