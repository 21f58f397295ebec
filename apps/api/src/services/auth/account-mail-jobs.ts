import type { AppDeps } from '../../deps.js';
import type { AccountMailJob } from '../mail/account-mail-queue.js';
import type { OutgoingMail } from '../mail/mailer.js';
import { prepareEmailChangedNotice, prepareEmailChangeMails } from './account-email-change.js';
import { preparePasswordResetMail } from './password-reset.js';
import { prepareRegistrationMail, prepareResendVerificationMail } from './registration.js';

const one = (mail: OutgoingMail | undefined) => (mail ? [mail] : []);

/**
 * The mail worker's side of each account-mail job: the lookups, tokens and mails the request
 * queued without doing. A mailbox past its hourly share gets nothing (a registration still does
 * its work on the account).
 */
export async function prepareAccountMail(deps: AppDeps, job: AccountMailJob): Promise<OutgoingMail[]> {
  switch (job.kind) {
    case 'password-reset':
      return job.mayMail ? one(await preparePasswordResetMail(deps, job.email)) : [];
    case 'resend-verification':
      return job.mayMail ? one(await prepareResendVerificationMail(deps, job.email)) : [];
    case 'registration':
      return one(await prepareRegistrationMail(deps, job));
    case 'email-change':
      return prepareEmailChangeMails(deps, job);
    case 'email-changed-notice':
      return one(await prepareEmailChangedNotice(deps, job));
  }
}
