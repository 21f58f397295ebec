import type { OutgoingMail } from '../mail/mailer.js';

/**
 * A notification as a mail: plain and short (the push's title and body, the link), with a one-click unsubscribe
 * (RFC 8058: mail clients show "Unsubscribe" and post to the link without opening it).
 */
export function notificationMail(
  appUrl: string,
  to: string,
  message: { title: string; body: string; url: string },
  unsubscribeUrl: string,
): OutgoingMail {
  const link = `${appUrl}${message.url}`;
  const text = [
    message.body,
    `Open: ${link}`,
    `Stop these e-mails: ${unsubscribeUrl}`,
    '— Fantasy Matchup',
  ].join('\n\n');
  const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<!doctype html><html lang="en"><body style="font-family: system-ui, sans-serif">
<p>${escape(message.body)}</p>
<p><a href="${escape(link)}">Open</a></p>
<p style="font-size: 13px; color: #555"><a href="${escape(unsubscribeUrl)}">Stop these e-mails</a></p>
</body></html>`;
  return {
    to,
    subject: message.title,
    text,
    html,
    link,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
