import { mailBrandHtml } from '../mail/mail-brand';
import type { StaffMailMessage } from '../mail/staff-mail';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

/** The password-reset mail (docs/design.md §21): the link, how long it works, and what to do if it was not asked for. */
export function passwordResetMail(options: {
  to: string;
  username: string;
  firstName: string;
  siteName: string;
  link: string;
  /** The company's logo field and the site's address: the HTML starts with the firm's logo (docs/design.md §34). */
  logo: string;
  publicBaseUrl: string;
}): StaffMailMessage {
  const greeting = `Hello ${options.firstName || options.username},`;
  const text = [
    greeting,
    '',
    `Someone asked to set a new password for your user ${options.username} on ${options.siteName}.`,
    'Open this link within 30 minutes to choose it (it works once):',
    '',
    options.link,
    '',
    'If you did not ask for this, ignore this mail: your password stays as it is.',
  ].join('\n');
  const html = [
    mailBrandHtml({ name: options.siteName, logo: options.logo }, options.publicBaseUrl),
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>Someone asked to set a new password for your user <strong>${escapeHtml(options.username)}</strong> on ${escapeHtml(options.siteName)}.</p>`,
    `<p><a href="${escapeHtml(options.link)}">Choose a new password</a> within 30 minutes (the link works once).</p>`,
    `<p>If you did not ask for this, ignore this mail: your password stays as it is.</p>`,
  ].join('\n');
  return {
    kind: 'password-reset',
    to: options.to,
    subject: oneLine(`Set a new password for ${options.siteName}`),
    text,
    html,
  };
}
