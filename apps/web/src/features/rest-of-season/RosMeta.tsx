import { TimeAgo } from '@fm/ui';

/** "Week 11 · rest of season: weeks 11–14 · 10,000 season simulations · data as of 5 minutes ago". */
export function RosMeta({
  week,
  rosWeeks,
  simulations,
  dataAsOf,
}: {
  week: number;
  rosWeeks?: number[];
  simulations: number;
  dataAsOf: string;
}) {
  const first = rosWeeks?.[0];
  const last = rosWeeks?.at(-1);
  return (
    <p className="ros-meta">
      Week {week}
      {first !== undefined && last !== undefined && (
        <> · rest of season: {first === last ? `week ${first}` : `weeks ${first}–${last}`}</>
      )}{' '}
      · {simulations.toLocaleString('en-US')} season simulations · data as of <TimeAgo iso={dataAsOf} />
    </p>
  );
}
