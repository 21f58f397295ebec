import type { CSSProperties, ReactNode } from 'react';
import { PLATFORM_LABELS } from '@fm/contract';
import type { LeaguePlatform } from './leagues-queries';

export interface LeagueCardProps {
  name: string;
  platform: LeaguePlatform;
  teamCount: number;
  /** Position in its list: cards enter one after another (0.1 s apart). */
  index: number;
  /** This week's matchup, when the card has one to show. */
  summary?: ReactNode;
  action: ReactNode;
}

/** One league: its name, platform badge and number of teams, with what to do with it. */
export function LeagueCard({ name, platform, teamCount, index, summary, action }: LeagueCardProps) {
  return (
    <li className="league-card" style={{ '--stagger-index': index } as CSSProperties}>
      <div className="league-card__head">
        <h3 className="league-card__name">{name}</h3>
        <span className={`platform-badge platform-badge--${platform}`}>{PLATFORM_LABELS[platform]}</span>
      </div>
      <p className="league-card__teams">
        {teamCount} {teamCount === 1 ? 'team' : 'teams'}
      </p>
      {summary}
      <div className="league-card__action">{action}</div>
    </li>
  );
}
