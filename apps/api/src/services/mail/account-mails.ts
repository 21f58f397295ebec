import type { OutgoingMail } from './mailer.js';

const PRODUCT_NAME = 'Fantasy Matchup';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A short mail with one call-to-action link, as plain text and simple HTML. */
export function linkMail(
  to: string,
  subject: string,
  paragraphs: string[],
  action: { label: string; url: string },
  footer: string,
): OutgoingMail {
  const text = [...paragraphs, `${action.label}: ${action.url}`, footer, `— ${PRODUCT_NAME}`].join('\n\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family: system-ui, sans-serif; color: #111; line-height: 1.5">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display: inline-block; padding: 10px 18px; background: #2bbf80; color: #06281a; border-radius: 6px; text-decoration: none; font-weight: 600">${escapeHtml(action.label)}</a></p>
<p style="font-size: 13px; color: #555">If the button does not work, copy this address into your browser:<br>${escapeHtml(action.url)}</p>
<p style="font-size: 13px; color: #555">${escapeHtml(footer)}</p>
<p>— ${PRODUCT_NAME}</p>
</body></html>`;
  return { to, subject, text, html, link: action.url };
}

export function verificationMail(appUrl: string, to: string, token: string): OutgoingMail {
  const url = `${appUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`;
  return linkMail(
    to,
    `Verify your email for ${PRODUCT_NAME}`,
    [
      `Welcome to ${PRODUCT_NAME}!`,
      'Please confirm your email address to activate your account. The link works for 24 hours.',
    ],
    { label: 'Verify my email', url },
    'If you did not create an account, you can ignore this email.',
  );
}

export function passwordResetMail(appUrl: string, to: string, token: string): OutgoingMail {
  const url = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return linkMail(
    to,
    `Reset your ${PRODUCT_NAME} password`,
    ['We received a request to reset your password. The link works for 1 hour and only once.'],
    { label: 'Choose a new password', url },
    'If you did not ask for this, you can ignore this email: your password stays the same.',
  );
}

/**
 * Sent when an address that was never verified is registered again: whoever follows the link
 * proves the address and chooses the password (the reset-password page).
 */
export function choosePasswordMail(appUrl: string, to: string, token: string): OutgoingMail {
  const url = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return linkMail(
    to,
    `Verify your email and choose your ${PRODUCT_NAME} password`,
    [
      'This address was registered more than once before it was verified, so for your safety no password chosen at registration is kept.',
      'Follow the link to verify your email and choose your password. It works for 1 hour and only once; earlier verification links no longer work.',
    ],
    { label: 'Verify and choose my password', url },
    'If you did not create an account, you can ignore this email: nobody can log in with this address.',
  );
}

/** Sent when someone registers with an address that already has an account (no enumeration). */
export function alreadyRegisteredMail(appUrl: string, to: string): OutgoingMail {
  return linkMail(
    to,
    `You already have a ${PRODUCT_NAME} account`,
    [
      'Someone (hopefully you) tried to create an account with this email address, but an account already exists.',
      'You can log in, or reset your password from the login page if you have forgotten it.',
    ],
    { label: 'Log in', url: `${appUrl}/login` },
    'If this was not you, you can ignore this email: nothing has changed.',
  );
}
