import type { StaffMailMessage } from '../mail/staff-mail';
import { mailBrandHtml } from '../mail/mail-brand';
import { escapeHtml } from '../ssr/document';

const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').slice(0, 200);

/**
 * The mail to the person who made an endpoint, when it is switched off because every delivery failed for a day
 * (docs/design.md §33): which endpoint, since when, the last failure, and where to switch it on again.
 */
export function switchedOffMail(options: {
  to: string;
  firstName: string;
  username: string;
  url: string;
  why: string;
  screenLink: string;
  siteName: string;
  logo: string;
  publicBaseUrl: string;
}): StaffMailMessage {
  const greeting = `Hello ${options.firstName || options.username},`;
  const what = `The webhook endpoint ${options.url} of ${options.siteName} was switched off: ${options.why}`;
  const next =
    'No events are sent to it until it is switched on again. Once the receiving system answers again, switch the endpoint on and redeliver what it missed from its delivery log.';
  const text = [greeting, '', what, '', next, '', `Webhooks: ${options.screenLink}`].join('\n');
  const html = [
    mailBrandHtml({ name: options.siteName, logo: options.logo }, options.publicBaseUrl),
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(what)}</p>`,
    `<p>${escapeHtml(next)}</p>`,
    `<p><a href="${escapeHtml(options.screenLink)}">Open Webhooks</a></p>`,
  ].join('\n');
  return {
    kind: 'webhook-switched-off',
    to: options.to,
    subject: oneLine(`A webhook endpoint was switched off (${options.siteName})`),
    text,
    html,
  };
}
