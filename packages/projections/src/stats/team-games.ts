import { emptyStatLine, type Position, type StatLine } from './stat-line.js';
import { isNflTeamCode } from './team-codes.js';

/** A player's line in one game (a parsed weekly row, say). */
export interface GameLine extends StatLine {
  position: Position;
  team: string;
  opponent: string;
  isHome: boolean;
}

/** One team's game in a week, from the players' rows: its opponent and its offense's totals. */
export interface TeamGame {
  team: string;
  opponent: string;
  isHome: boolean;
  /** Points the offense scored, as far as its players' lines tell (no defensive or return scores of its defense). */
  points: number;
  /** Passing (quarterbacks') plus rushing yards. */
  yards: number;
  interceptionsThrown: number;
  fumblesLost: number;
}

const TOUCHDOWN = 6;
const FIELD_GOAL = 3;
const TWO_POINT = 2;

/**
 * Each team's offense in a week, summed from its players' actual lines. A 2-point pass credits
 * both passer and catcher, so quarterbacks' conversions are left out of the points.
 */
export function teamGames(lines: readonly GameLine[]): Map<string, TeamGame> {
  const games = new Map<string, TeamGame>();
  for (const line of lines) {
    if (!isNflTeamCode(line.team) || !isNflTeamCode(line.opponent)) continue;
    let game = games.get(line.team);
    if (!game) {
      game = {
        team: line.team,
        opponent: line.opponent,
        isHome: line.isHome,
        points: 0,
        yards: 0,
        interceptionsThrown: 0,
        fumblesLost: 0,
      };
      games.set(line.team, game);
    }
    game.points +=
      TOUCHDOWN * (line.rushTd + line.recTd + line.retTd + line.fumTd) +
      (line.position === 'QB' ? 0 : TWO_POINT * line.twoPt) +
      line.patMade +
      FIELD_GOAL * (line.fgMade0_19 + line.fgMade20_29 + line.fgMade30_39 + line.fgMade40_49 + line.fgMade50);
    game.yards += (line.position === 'QB' ? line.passYd : 0) + line.rushYd;
    game.interceptionsThrown += line.passInt;
    game.fumblesLost += line.fumLost;
  }
  return games;
}

/**
 * A team defense's line synthesized from the offense it faced: points and yards allowed,
 * interceptions and fumble recoveries. NFL.com publishes no sacks, defensive TDs, safeties or
 * blocked kicks, so those stay 0.
 */
export function defenseLineFacing(offense: TeamGame): StatLine {
  const line = emptyStatLine();
  line.ptsAllowed = offense.points;
  line.ydsAllowed = offense.yards;
  line.defInt = offense.interceptionsThrown;
  line.defFumRec = offense.fumblesLost;
  return line;
}
