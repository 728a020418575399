import type { MailMessage } from '../../lib/mailer';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export function buildVerificationEmail(options: {
  to: string;
  username: string;
  publicUrl: string;
  token: string;
}): MailMessage {
  const link = `${options.publicUrl}/verify-email?token=${encodeURIComponent(options.token)}`;
  return {
    to: options.to,
    subject: 'Confirm your e-mail address for Cairn',
    text: [
      `Hello ${options.username},`,
      '',
      'Open this link to confirm your e-mail address and finish setting up your Cairn account:',
      link,
      '',
      'The link works for 24 hours. If you did not sign up for Cairn, ignore this message.',
    ].join('\n'),
    html: `<p>Hello ${escapeHtml(options.username)},</p>
<p>Confirm your e-mail address to finish setting up your Cairn account:</p>
<p><a href="${escapeHtml(link)}">Confirm my e-mail address</a></p>
<p>The link works for 24 hours. If you did not sign up for Cairn, ignore this message.</p>`,
  };
}
