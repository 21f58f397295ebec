import { randomUUID } from 'node:crypto';
import { users } from '@fm/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { claimAccountMail, type AccountMailRequest } from '../mail/account-mail-limits.js';
import { alreadyRegisteredMail, choosePasswordMail, verificationMail } from '../mail/account-mails.js';
import { requireCredentials, requireEmail, requireStrongPassword } from './account-input.js';
import { consumeEmailToken, issueEmailToken, voidAccountLinks } from './email-tokens.js';
import type { OutgoingMail } from '../mail/mailer.js';
import { hashPassword, isUsablePasswordHash, unusablePasswordHash } from './password-hashing.js';
import { isRegistrationProofFor, issueRegistrationProof } from './registration-proof.js';
import { REGISTRATIONS_PER_IP, RESENDS_PER_IP } from '../rate-limits/rate-limiter.js';
import { findUserByEmail, findUserById, type UserRow } from './users.js';

/** What registration answers, whether or not the address already has an account. */
export const REGISTRATION_SUCCESS_MESSAGE =
  'Registration successful! Please check your email to verify your account. Emails may take a few minutes to arrive, so please also check your spam folder.';
export const RESEND_MESSAGE =
  'If an account with that email is waiting for verification, we have sent a new verification link. Please check your inbox.';
export const INVALID_VERIFICATION_LINK_MESSAGE =
  'This verification link is invalid or has expired. Please request a new one.';

/**
 * Has an unverified account created and its verification link mailed. An address that already
 * has an account gets the same answer (its owner is told by mail), so registering cannot be used
 * to find out who has an account: the request hashes the password and queues the same job
 * either way; creating the account, the lookups and the mail are the mail worker's. Each mailbox
 * gets a few account mails an hour at most.
 */
export async function registerAccount(
  deps: AppDeps,
  input: AccountMailRequest & { password?: string | undefined },
): Promise<{ message: string; registrationProof: string }> {
  await deps.rateLimiter.consume(REGISTRATIONS_PER_IP, input.client);
  const { email, password } = requireCredentials(input);
  requireStrongPassword(password);
  const mayMail = await claimAccountMail(deps, email);
  const passwordHash = await hashPassword(password);
  const userId = randomUUID();
  await deps.accountMails.enqueue({
    kind: 'registration',
    email,
    userId,
    passwordHash,
    signupIp: input.ip,
    mayMail,
  });
  return {
    message: REGISTRATION_SUCCESS_MESSAGE,
    // For a taken address the id never becomes an account: the proof has the same shape and proves nothing.
    registrationProof: issueRegistrationProof({ id: userId, passwordHash }, deps.config.sessionSecret),
  };
}

/**
 * The mail worker's half of a registration: the account is created with the verification link,
 * or, for an address taken already, its owner gets a notice (a pending one is reclaimed). A
 * mailbox past its share gets nothing, but the account work is done all the same.
 */
export async function prepareRegistrationMail(
  deps: AppDeps,
  job: { email: string; userId: string; passwordHash: string; signupIp: string; mayMail: boolean },
): Promise<OutgoingMail | undefined> {
  await deps.database.db
    .insert(users)
    .values({ id: job.userId, email: job.email, passwordHash: job.passwordHash, signupIp: job.signupIp })
    .onConflictDoNothing();
  const mail = await registrationMail(deps, job.email, job.userId);
  return job.mayMail ? mail : undefined;
}

async function registrationMail(
  deps: AppDeps,
  email: string,
  userId: string,
): Promise<OutgoingMail | undefined> {
  const existing = await findUserByEmail(deps, email);
  if (!existing || existing.isDisabled) return undefined;
  // This job's own account (created now, or by an earlier try of the job).
  if (existing.id === userId)
    return existing.emailVerifiedAt ? undefined : verificationMailFor(deps, existing);
  if (!existing.emailVerifiedAt) return reclaimPendingAccount(deps, existing);
  return alreadyRegisteredMail(deps.config.appUrl, existing.email);
}

/**
 * A second registration of an address nobody has proven yet. Either registration may be a
 * stranger's (someone who registers your address first, hoping you will verify it and leave
 * them a way in), and the owner of the mailbox cannot tell the links apart. So neither password
 * survives: the account's password is wiped, every link mailed so far stops working, and the
 * address gets a link that verifies it and lets whoever follows it choose the password. Only
 * the mailbox's owner can follow it.
 */
async function reclaimPendingAccount(deps: AppDeps, user: UserRow): Promise<OutgoingMail | undefined> {
  await deps.database.db
    .update(users)
    .set({ passwordHash: unusablePasswordHash(), updatedAt: new Date() })
    .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)));
  await voidAccountLinks(deps, user.id);
  const token = await issueEmailToken(deps, user.id, 'reset-password');
  return token ? choosePasswordMail(deps.config.appUrl, user.email, token) : undefined;
}

async function verificationMailFor(deps: AppDeps, user: UserRow): Promise<OutgoingMail | undefined> {
  const token = await issueEmailToken(deps, user.id, 'verify-email');
  return token ? verificationMail(deps.config.appUrl, user.email, token) : undefined;
}

/**
 * Same answer, in the same time, whether or not the address has an account waiting for
 * verification: the request queues the job; the lookup and the mail are the mail worker's.
 */
export async function resendVerification(
  deps: AppDeps,
  input: AccountMailRequest,
): Promise<{ message: string }> {
  await deps.rateLimiter.consume(RESENDS_PER_IP, input.client);
  const email = requireEmail(input.email);
  const mayMail = await claimAccountMail(deps, email);
  await deps.accountMails.enqueue({ kind: 'resend-verification', email, mayMail });
  return { message: RESEND_MESSAGE };
}

/** The mail worker's half of a resend: a new link for an account awaiting verification, else nothing. */
export async function prepareResendVerificationMail(
  deps: AppDeps,
  email: string,
): Promise<OutgoingMail | undefined> {
  const user = await findUserByEmail(deps, email);
  const isWaiting = user && !user.emailVerifiedAt && !user.isDisabled;
  if (!isWaiting) return undefined;
  // A reclaimed account has no password to verify: its owner chooses one instead.
  if (!isUsablePasswordHash(user.passwordHash)) {
    const token = await issueEmailToken(deps, user.id, 'reset-password');
    return token ? choosePasswordMail(deps.config.appUrl, user.email, token) : undefined;
  }
  return verificationMailFor(deps, user);
}

/** A followed verification link: verified (perhaps with a password still to choose), or refused. */
export type VerificationOutcome =
  | { isVerified: true; choosePasswordToken: string | null; needsPassword: boolean }
  | { isVerified: false; message: string };

/**
 * Follows a verification link. In the browser that registered (it holds the registration proof) the password
 * chosen there is kept. Anywhere else the address is verified but no password set before that survives: the
 * account's password is wiped and whoever followed the link (the mailbox's owner) chooses one through a fresh
 * reset link. A link already used by a now-verified account still counts as success (mail scanners often open
 * links before the person does) but hands out nothing more: whoever opened it first got the only choose-password
 * link it makes, and an account still without a password is chosen through "Forgot Password?" by mail.
 */
export async function verifyEmail(
  deps: AppDeps,
  token: string | undefined,
  registrationProof?: string | undefined,
  now = new Date(),
): Promise<VerificationOutcome> {
  if (!token) return { isVerified: false, message: INVALID_VERIFICATION_LINK_MESSAGE };
  const check = await consumeEmailToken(deps, token, 'verify-email', now);
  if (check.status === 'valid') {
    const user = await findUserById(deps, check.userId);
    if (!user) return { isVerified: false, message: INVALID_VERIFICATION_LINK_MESSAGE };
    if (user.emailVerifiedAt) return { isVerified: true, choosePasswordToken: null, needsPassword: false };
    const keepsPassword = isRegistrationProofFor(registrationProof, user, deps.config.sessionSecret);
    await deps.database.db
      .update(users)
      .set({
        emailVerifiedAt: now,
        updatedAt: now,
        ...(keepsPassword ? {} : { passwordHash: unusablePasswordHash() }),
      })
      .where(eq(users.id, user.id));
    await deps.sessionCache.forgetUser(user.id);
    if (keepsPassword) return { isVerified: true, choosePasswordToken: null, needsPassword: false };
    const choosePasswordToken = await issueEmailToken(deps, user.id, 'reset-password');
    return { isVerified: true, choosePasswordToken, needsPassword: true };
  }
  if (check.status === 'used') {
    const user = await findUserById(deps, check.userId);
    if (user?.emailVerifiedAt) {
      return {
        isVerified: true,
        choosePasswordToken: null,
        needsPassword: !isUsablePasswordHash(user.passwordHash),
      };
    }
  }
  return { isVerified: false, message: INVALID_VERIFICATION_LINK_MESSAGE };
}
