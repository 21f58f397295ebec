import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Proof that a verification link is followed in the browser that registered the account, with the password set
 * there. Only then does that password survive the address's proof. Anyone else following the link proves the
 * mailbox but not that they chose the password (someone may have registered your address, hoping you verify it
 * and leave them a way in): they verify the address and choose the password themselves.
 *
 * The proof is an HMAC over the account id and its password hash, so registering again (a new password) makes an
 * older proof worthless. Registering an address that already has an account hands out a proof for the id the
 * account would have had, which never becomes one, so the answer does not tell whether the address was taken.
 */
export function issueRegistrationProof(
  account: { id: string; passwordHash: string },
  secret: string,
): string {
  return `${account.id}.${sign(account.id, account.passwordHash, secret)}`;
}

export function isRegistrationProofFor(
  proof: string | undefined,
  account: { id: string; passwordHash: string },
  secret: string,
): boolean {
  if (!proof) return false;
  const [id, mac] = proof.split('.', 2);
  if (id !== account.id || !mac) return false;
  const expected = Buffer.from(sign(account.id, account.passwordHash, secret));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function sign(id: string, passwordHash: string, secret: string): string {
  return createHmac('sha256', `registration:${secret}`).update(`${id}:${passwordHash}`).digest('base64url');
}
