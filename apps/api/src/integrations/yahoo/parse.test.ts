import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturesDir, readFixture } from '../../../test/fakes/fixtures.js';
import { sleeperPlayerDirectorySchema } from '../sleeper/schemas.js';
import { sleeperIdsByYahooId, toAppLeague, toAppMatchups, toAppRoster } from './normalize.js';
import {
  collectionItems,
  mergeRecord,
  parseLeagueSettings,
  parseLeagueTeams,
  parseScoreboard,
  parseTeamRoster,
  parseUserGames,
  YahooShapeError,
} from './parse.js';

const yahoo = (name: string) => readFixture(`yahoo/${name}`);

describe('Yahoo structure helpers', () => {
  it('reads numbered-key collections in index order and skips count', () => {
    expect(collectionItems({ '1': { team: 'b' }, '0': { team: 'a' }, count: 2 }, 'team', 't')).toEqual([
      'a',
      'b',
    ]);
    expect(collectionItems([], 'team', 't')).toEqual([]);
    expect(() => collectionItems({ '0': { player: 1 } }, 'team', 'teams')).toThrow(YahooShapeError);
  });

  it('merges arrays of single-key objects, ignoring [] and null placeholders', () => {
    expect(mergeRecord([[{ a: 1 }, [], { b: 2 }], null, { c: 3 }])).toEqual({ a: 1, b: 2, c: 3 });
  });

  it('names the path of a malformed answer', () => {
    expect(() =>
      parseLeagueTeams({ fantasy_content: { league: [{ league_key: '1.l.2', name: 'x' }] } }),
    ).toThrow(/league\.league_id|league\.num_teams/);
    expect(() => parseScoreboard({ nope: true })).toThrow(/fantasy_content/);
  });
});

describe('Yahoo parsers on every recorded answer', () => {
  it('covers every Yahoo fixture file of an answer the product reads', () => {
    const covered = [
      'league_scoreboard.json',
      'league_scoreboard_week16_playoffs.json',
      'league_scoreboard_week1_live.json',
      'league_settings_nhl_shape_reference.json',
      'league_standings.json',
      'league_teams.json',
      'oauth_token.json',
      'team_roster.json',
      'user_games.json',
      'user_games_leagues.json',
      'user_games_teams_nfl.json',
    ];
    // Recorded, but the product never asks for them (league metadata comes with its teams).
    const notAsked = [
      'league_metadata.json',
      'league_transactions_trades.json',
      'players_stats_week1.json',
      'team_details.json',
    ];
    expect(readdirSync(path.join(fixturesDir, 'yahoo')).sort()).toEqual([...covered, ...notAsked].sort());
  });

  it('user_games_leagues: games with their leagues, numbers and booleans typed', () => {
    const games = parseUserGames(yahoo('user_games_leagues.json'));
    expect(games.map((g) => [g.game.code, g.game.season])).toEqual([
      ['nfl', '2024'],
      ['mlb', '2025'],
    ]);
    expect(games[0]!.leagues[0]).toMatchObject({
      league_key: '449.l.751781',
      name: 'Harambe Memorial League',
      num_teams: 12,
      current_week: 17,
      is_finished: true,
      logo_url: null,
    });
    expect(games[1]!.leagues[0]!.current_week).toBe(1);
  });

  it('user_games: plain-object games and one-element game arrays alike', () => {
    const games = parseUserGames(yahoo('user_games.json'));
    expect(games).toHaveLength(16);
    expect(games.filter((g) => g.game.code === 'nfl').map((g) => g.game.season)).toContain('2025');
    expect(games.every((g) => g.leagues.length === 0)).toBe(true);
  });

  it('user_games_teams_nfl: the user team with its manager', () => {
    const [game] = parseUserGames(yahoo('user_games_teams_nfl.json'));
    expect(game!.teams[0]).toMatchObject({
      team_key: '461.l.595012.t.3',
      team_id: 3,
      name: 'birdahonkers',
      is_owned_by_current_login: true,
    });
    expect(game!.teams[0]!.managers[0]).toMatchObject({ nickname: 'Brian', is_current_login: true });
  });

  it('a league’s metadata → app league (league_id = league key, total_rosters = num_teams)', () => {
    const league = toAppLeague(parseLeagueTeams(yahoo('league_teams.json')).league);
    expect(league).toMatchObject({
      league_id: '461.l.103926',
      name: 'Road To Glory FFL',
      total_rosters: 12,
      season: '2025',
      status: 'in_season',
      current_week: 5,
    });
  });

  it('league_teams and league_standings: 12 teams; standings carry records and cleaned points', () => {
    const { teams } = parseLeagueTeams(yahoo('league_teams.json'));
    expect(teams).toHaveLength(12);
    expect(teams[0]).toMatchObject({
      team_key: '461.l.103926.t.1',
      name: 'Van Cortlant Rangers',
      standings: null,
    });
    const standings = parseLeagueTeams(yahoo('league_standings.json')).teams;
    const leader = standings.find((t) => t.standings?.rank === 1)!;
    expect(leader.standings).toEqual({
      rank: 1,
      wins: 4,
      losses: 1,
      ties: 0,
      points_for: 628.68,
      points_against: 507.08,
    });
    expect(standings.reduce((sum, t) => sum + t.standings!.wins, 0)).toBe(
      standings.reduce((sum, t) => sum + t.standings!.losses, 0),
    );
  });

  it('three scoreboards: week, status, playoffs, points and projections as numbers', () => {
    const week5 = parseScoreboard(yahoo('league_scoreboard.json'));
    expect(week5.week).toBe(5);
    expect(week5.matchups).toHaveLength(6);
    expect(week5.matchups[0]).toMatchObject({
      status: 'postevent',
      is_playoffs: false,
      winner_team_key: '461.l.103926.t.1',
    });
    expect(week5.matchups[0]!.teams.map((t) => t.points)).toEqual([142.18, 95.12]);
    const live = parseScoreboard(yahoo('league_scoreboard_week1_live.json'));
    expect(live.matchups[0]).toMatchObject({ week: 1, status: 'midevent', winner_team_key: null });
    expect(live.matchups[0]!.teams[1]!.win_probability).toBeCloseTo(0.99);
    const playoffs = parseScoreboard(yahoo('league_scoreboard_week16_playoffs.json'));
    expect(playoffs.matchups).toHaveLength(4);
    expect(playoffs.matchups.every((m) => m.is_playoffs)).toBe(true);
    const appMatchups = toAppMatchups(week5.matchups);
    expect(appMatchups).toHaveLength(12);
    expect(appMatchups.filter((m) => m.matchup_id === 1).map((m) => m.roster_id)).toEqual([1, 7]);
  });

  it('team_roster: 29 players with slots, statuses, upper-cased teams and DEF', () => {
    const { team, week, players } = parseTeamRoster(yahoo('team_roster.json'));
    expect(team.team_key).toBe('461.l.6288.t.4');
    expect(week).toBe(11);
    expect(players).toHaveLength(29);
    expect(players[0]).toMatchObject({
      full_name: 'Jalen Hurts',
      team: 'PHI',
      position: 'QB',
      selected_position: 'QB',
    });
    expect(players.find((p) => p.full_name === 'Travis Hunter')).toMatchObject({
      position: 'WR',
      status: 'IR',
      selected_position: 'BN',
    });
    expect(players.find((p) => p.full_name === 'Detroit')).toMatchObject({ position: 'DEF', team: 'DET' });
    const roster = toAppRoster(team, players);
    expect(roster.players.starters.map((p) => p.name)).toContain('Jalen Hurts');
    expect(roster.players.starters.length + roster.players.bench.length + roster.players.reserve.length).toBe(
      29,
    );
    expect(roster.players.bench.map((p) => p.name)).toContain('Tyreek Hill');
    expect(roster).toMatchObject({
      roster_id: 4,
      owner_name: 'Gotham City Knights',
      team_key: '461.l.6288.t.4',
    });
  });

  it('team_roster + Sleeper directory: players found through yahoo_id get their Sleeper id', () => {
    const directory = sleeperPlayerDirectorySchema.parse({
      ...readFixture('sleeper/players_nfl_sample.json'),
      ...readFixture('sleeper/players_nfl_sample_2025_week1.json'),
    });
    const { team, players } = parseTeamRoster(yahoo('team_roster.json'));
    const roster = toAppRoster(team, players, sleeperIdsByYahooId(directory));
    const everyone = [...roster.players.starters, ...roster.players.bench, ...roster.players.reserve];
    const linked = everyone.filter((p) => p.sleeper_id);
    expect(linked.length).toBeGreaterThanOrEqual(7);
    for (const player of linked) expect(directory[player.sleeper_id!]!.full_name).toBeTruthy();
  });

  it('settings (NHL shape reference): roster slots, categories and modifiers', () => {
    const { settings } = parseLeagueSettings(yahoo('league_settings_nhl_shape_reference.json'));
    expect(settings.roster_positions.find((p) => p.position === 'BN')).toMatchObject({
      count: 5,
      is_starting_position: false,
    });
    expect(settings.stat_modifiers['1']).toBe(8);
    expect(settings).toMatchObject({ playoff_start_week: 22, num_playoff_teams: 6 });
    expect(settings.stat_categories.length).toBeGreaterThan(5);
  });
});
