import type { StaffMailMessage } from '../mail/staff-mail';
import { mailBrandHtml } from '../mail/mail-brand';
import { escapeHtml } from '../ssr/document';

const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').slice(0, 200);

/** The mail to a revision's author when a reviewer asks for changes (docs/design.md §32): who, which page, what. */
export function changesRequestedMail(options: {
  to: string;
  firstName: string;
  author: string;
  reviewer: string;
  pageName: string;
  revision: number;
  comment: string;
  editorLink: string;
  siteName: string;
  logo: string;
  publicBaseUrl: string;
}): StaffMailMessage {
  const greeting = `Hello ${options.firstName || options.author},`;
  const what = `${options.reviewer} asked for changes to ${options.pageName} (revision ${options.revision}) before it is published.`;
  const text = [
    greeting,
    '',
    what,
    '',
    options.comment,
    '',
    `Open the page to change it and ask for review again: ${options.editorLink}`,
  ].join('\n');
  const html = [
    mailBrandHtml({ name: options.siteName, logo: options.logo }, options.publicBaseUrl),
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(what)}</p>`,
    `<blockquote style="border-left:3px solid #cbd5e1;margin:0;padding:0 0 0 12px;white-space:pre-wrap">${escapeHtml(options.comment)}</blockquote>`,
    `<p><a href="${escapeHtml(options.editorLink)}">Open the page</a> to change it and ask for review again.</p>`,
  ].join('\n');
  return {
    kind: 'review-changes',
    to: options.to,
    subject: oneLine(`Changes asked for: ${options.pageName} on ${options.siteName}`),
    text,
    html,
  };
}
