import { describe, expect, it } from 'vitest';
import type { DirectoryEntry, PlayerDirectory } from './player-directory';
import { searchPlayers } from './player-search';

function player(
  full_name: string,
  position: string,
  team: string,
  projected_points: number | null,
  active = true,
) {
  const [first, ...rest] = full_name.split(' ');
  const entry: DirectoryEntry = {
    full_name,
    first_name: first ?? null,
    last_name: rest.join(' ') || null,
    position,
    team,
    active,
    projected_points,
  };
  return entry;
}

const DIRECTORY: PlayerDirectory = {
  '1': player('Jermar Jefferson', 'RB', 'DET', 0.8),
  '2': player('Justin Jefferson', 'WR', 'MIN', 17.9),
  '3': player('Van Jefferson', 'WR', 'TEN', 4.1),
  '4': player('Patrick Mahomes', 'QB', 'KC', 21.3),
  '5': player('Josh Allen', 'QB', 'BUF', 23.4),
  '6': player('Keenan Allen', 'WR', 'LAC', 12.2),
  '7': player('Allen Lazard', 'WR', 'NYJ', 5.0),
  '8': player('Brandon Jefferson', 'WR', 'FA', null, false),
};
const names = (text: string) => searchPlayers(DIRECTORY, text).map((p) => p.name);

describe('searchPlayers', () => {
  it('lists the player people mean first: "jefferson" is Justin, then by projected points', () => {
    expect(names('jefferson')).toEqual([
      'Justin Jefferson',
      'Van Jefferson',
      'Jermar Jefferson',
      'Brandon Jefferson',
    ]);
  });

  it('puts exact last names before first names and prefixes', () => {
    expect(names('allen')).toEqual(['Josh Allen', 'Keenan Allen', 'Allen Lazard']);
    expect(names('pat')).toEqual(['Patrick Mahomes']);
    expect(names('josh allen')).toEqual(['Josh Allen']);
  });

  it('forgives small typos', () => {
    expect(names('jeferson')[0]).toBe('Justin Jefferson');
    expect(names('mahommes')).toEqual(['Patrick Mahomes']);
    expect(names('xqzv')).toEqual([]);
  });

  it('forgives two neighbouring letters typed the wrong way round as one typo: "mahomse" is Mahomes', () => {
    expect(names('mahomse')).toEqual(['Patrick Mahomes']);
    expect(names('patrick mahomse')).toEqual(['Patrick Mahomes']);
    expect(names('jefefrson')[0]).toBe('Justin Jefferson');
    // one swap is one typo: a swap and another slip in a short word are two, too many
    expect(names('mahomsee')).toEqual(['Patrick Mahomes']);
    expect(names('mhaomse')).toEqual([]);
  });

  it('narrows by a position or team typed with the name, and leaves out excluded ids', () => {
    expect(names('allen qb')).toEqual(['Josh Allen']);
    expect(names('jefferson ten')).toEqual(['Van Jefferson']);
    expect(searchPlayers(DIRECTORY, 'jefferson', new Set(['2'])).map((p) => p.name)[0]).toBe('Van Jefferson');
  });
});
