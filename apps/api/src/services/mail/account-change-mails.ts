import { linkMail } from './account-mails.js';
import type { OutgoingMail } from './mailer.js';

const PRODUCT_NAME = 'Fantasy Matchup';

/** Sent to the new address: following the link moves the account there. */
export function emailChangeMail(appUrl: string, to: string, token: string): OutgoingMail {
  const url = `${appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
  return linkMail(
    to,
    `Confirm your new email for ${PRODUCT_NAME}`,
    [
      `Someone signed in to ${PRODUCT_NAME} asked to use this address for their account.`,
      'Follow the link to confirm it. It works for 24 hours and only once; until then the account keeps its old address.',
    ],
    { label: 'Confirm my new email', url },
    'If you did not ask for this, ignore this email: nothing changes.',
  );
}

/**
 * Sent to the current address when a change to `newEmail` is asked for: its link cancels the
 * change before it takes effect (whoever asked may not be the owner).
 */
export function emailChangePendingMail(
  appUrl: string,
  to: string,
  newEmail: string,
  cancelToken: string,
): OutgoingMail {
  const url = `${appUrl}/cancel-email-change?token=${encodeURIComponent(cancelToken)}`;
  return linkMail(
    to,
    `Your ${PRODUCT_NAME} email is about to change`,
    [
      `Someone signed in to your ${PRODUCT_NAME} account asked to change its email to ${newEmail}. The change happens when the link mailed to that address is followed.`,
      'If this was not you, cancel it with the link below, then reset your password.',
    ],
    { label: 'Cancel the email change', url },
    'If you asked for this change, you can ignore this email.',
  );
}

/**
 * Sent to the old address once the change is done, so a hijack does not go unnoticed. Its link
 * moves the account back to this address (for 7 days), whoever holds the account by then.
 */
export function emailChangedNoticeMail(
  appUrl: string,
  to: string,
  newEmail: string,
  undoToken: string,
): OutgoingMail {
  const url = `${appUrl}/undo-email-change?token=${encodeURIComponent(undoToken)}`;
  return linkMail(
    to,
    `Your ${PRODUCT_NAME} email was changed`,
    [
      `The email address of your ${PRODUCT_NAME} account was changed to ${newEmail}. You will log in with that address from now on.`,
      'If you did not do this, follow the link below within 7 days: your account moves back to this address, every device is signed out, and you choose a new password.',
    ],
    { label: "This wasn't me", url },
    'You receive this notice at your previous address for your security.',
  );
}

/** Sent to the address of an account whose password was just changed. */
export function passwordChangedMail(appUrl: string, to: string): OutgoingMail {
  return linkMail(
    to,
    `Your ${PRODUCT_NAME} password was changed`,
    [
      `The password of your ${PRODUCT_NAME} account was just changed, and other devices were signed out.`,
      'If you did not do this, reset your password at once.',
    ],
    { label: 'Reset my password', url: `${appUrl}/forgot-password` },
    'No action is needed if this was you.',
  );
}

/**
 * Sent to an address that already has an account when another account asks to move to it: the
 * asker gets the usual answer, so the request cannot tell them who has an account.
 */
export function emailChangeTakenMail(appUrl: string, to: string): OutgoingMail {
  return linkMail(
    to,
    `Someone tried to use your email on ${PRODUCT_NAME}`,
    [
      `Another ${PRODUCT_NAME} account asked to change its email to this address, which already belongs to your account. Nothing has changed.`,
    ],
    { label: 'Log in', url: `${appUrl}/login` },
    'If this keeps happening, contact support.',
  );
}
