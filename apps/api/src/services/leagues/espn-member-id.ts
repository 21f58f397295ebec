import { createHmac } from 'node:crypto';

/**
 * The id a league page shows for an ESPN league member: an HMAC of the member's SWID under the
 * session secret. A SWID is the identity in a member's ESPN login cookie, so it is never answered;
 * this id stays the same across calls and pages (rosters still tell apart and match their owners),
 * and cannot be turned back into the SWID.
 */
export function espnMemberId(swid: string, sessionSecret: string): string {
  return `espn-member-${createHmac('sha256', `espn-member:${sessionSecret}`).update(swid).digest('base64url').slice(0, 22)}`;
}
