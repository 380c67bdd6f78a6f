import type Mail from 'nodemailer/lib/mailer';
import { mailBrandHtml } from '../mail/mail-brand';

/** What an enquiry mail is made of: the stored enquiry and where it came from. */
export interface EnquiryForMail {
  id: number;
  organization: string;
  name: string;
  email: string;
  mobile: string;
  requirements: string;
  createdAt: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Header values never carry a line break (the form refuses them; this is the second lock). */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

/**
 * The mail of one enquiry (docs/design.md §15): to the configured recipient, Reply-To the enquirer, the subject naming
 * the organisation (or the person, without one), every field in plain text and in escaped HTML; the HTML under
 * the firm's logo (docs/design.md §34).
 */
export function enquiryMail(
  enquiry: EnquiryForMail,
  options: {
    to: string;
    from: string | { name: string; address: string };
    siteName: string;
    listUrl: string;
    logo: string;
    publicBaseUrl: string;
  },
): Mail.Options {
  const who = enquiry.organization ? `${enquiry.organization} (${enquiry.name})` : enquiry.name;
  const fields: Array<[string, string]> = [
    ['Organization', enquiry.organization || '—'],
    ['Contact Person', enquiry.name],
    ['Email', enquiry.email],
    ['Mobile', enquiry.mobile],
    ['Received', new Date(enquiry.createdAt).toUTCString()],
  ];
  const text = [
    `A new enquiry from the contact form of ${options.siteName}.`,
    '',
    ...fields.map(([label, value]) => `${label}: ${value}`),
    '',
    'Requirements:',
    enquiry.requirements,
    '',
    `Reply to this mail to answer ${enquiry.name}. All enquiries: ${options.listUrl}`,
  ].join('\n');
  const rows = fields
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = [
    mailBrandHtml({ name: options.siteName, logo: options.logo }, options.publicBaseUrl),
    `<p>A new enquiry from the contact form of ${escapeHtml(options.siteName)}.</p>`,
    `<table>${rows}</table>`,
    '<h3>Requirements</h3>',
    `<p style="white-space:pre-wrap">${escapeHtml(enquiry.requirements)}</p>`,
    `<p>Reply to this mail to answer ${escapeHtml(enquiry.name)}. <a href="${escapeHtml(options.listUrl)}">All enquiries</a></p>`,
  ].join('\n');
  return {
    from: options.from,
    to: options.to,
    replyTo: { name: oneLine(enquiry.name), address: oneLine(enquiry.email) },
    subject: oneLine(`Enquiry from ${who}`),
    text,
    html,
    headers: { 'X-Folio-Enquiry': String(enquiry.id) },
  };
}
