import type { StaffMailMessage } from '../mail/staff-mail';
import { mailBrandHtml } from '../mail/mail-brand';
import { escapeHtml } from '../ssr/document';

const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').slice(0, 200);

/** The mail to someone named with `@username` in a comment (docs/design.md §32): who, which page and field, what. */
export function mentionMail(options: {
  to: string;
  firstName: string;
  username: string;
  writer: string;
  pageName: string;
  path: string;
  text: string;
  editorLink: string;
  siteName: string;
  logo: string;
  publicBaseUrl: string;
}): StaffMailMessage {
  const greeting = `Hello ${options.firstName || options.username},`;
  const what = `${options.writer} mentioned you in a comment on the field ${options.path} of ${options.pageName}.`;
  const text = [
    greeting,
    '',
    what,
    '',
    options.text,
    '',
    `Open the page to read and reply: ${options.editorLink}`,
  ].join('\n');
  const html = [
    mailBrandHtml({ name: options.siteName, logo: options.logo }, options.publicBaseUrl),
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(what)}</p>`,
    `<blockquote style="border-left:3px solid #cbd5e1;margin:0;padding:0 0 0 12px;white-space:pre-wrap">${escapeHtml(options.text)}</blockquote>`,
    `<p><a href="${escapeHtml(options.editorLink)}">Open the page</a> to read and reply.</p>`,
  ].join('\n');
  return {
    kind: 'comment-mention',
    to: options.to,
    subject: oneLine(`${options.writer} mentioned you on ${options.pageName} (${options.siteName})`),
    text,
    html,
  };
}
