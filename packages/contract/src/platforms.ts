/** The fantasy platforms whose leagues a user can link. */
export const PLATFORMS = ['sleeper', 'yahoo', 'espn'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** How each platform is named to people. */
export const PLATFORM_LABELS: Readonly<Record<Platform, string>> = {
  sleeper: 'Sleeper',
  yahoo: 'Yahoo',
  espn: 'ESPN',
};

export function isPlatform(value: unknown): value is Platform {
  return (PLATFORMS as readonly unknown[]).includes(value);
}
