import type { FastifyInstance } from 'fastify';
import * as contact from '../../core/api/contact';
import * as enquiries from '../../core/api/enquiries';
import { readPhone } from '../../core/phone-numbers';
import { contactEnquirySchema } from '../../core/schemas/contact-enquiry';
import { companyCountry } from '../company/company.service';
import { parseInput } from '../validation';
import type { AppConfig } from '../config';
import { typed } from '../http/contract';
import { sendCsv } from '../http/csv';
import {
  changeEnquiryStatus,
  deleteEnquiry,
  exportEnquiries,
  getEnquiries,
  getEnquiry,
  resendEnquiry,
  submitEnquiry,
} from './enquiries.service';
import { csvRecordOf, ENQUIRY_CSV_COLUMNS } from './enquiry-csv';
import type { MailOutbox } from './mail-outbox';
import type { Tenant } from '../tenants/tenants';
import { FORM_COOKIE } from './spam-guard';

/** The contact form's limit, shared by the JSON call and the form post of the page without JavaScript. */
export const CONTACT_RATE_LIMIT = { max: 10, timeWindow: '10 minutes', groupId: 'contact-form' } as const;

/** The contact form's schema in the tenant's company's country, with the server's reading of numbers (docs/design.md §34). */
export const enquirySchemaOf = async (tenant: Tenant) =>
  contactEnquirySchema({ country: await companyCountry(tenant), read: readPhone });

/** Enquiries (docs/design.md §15): the public form's call, and the enquiries screen's list, changes and export. */
export async function enquiryRoutes(
  app: FastifyInstance,
  { config, outbox }: { config: AppConfig; outbox: MailOutbox },
): Promise<void> {
  const api = typed(app);

  api.route(
    contact.saveContactEnquiry,
    // The public form is open to everyone; the limit keeps it from being used to flood the inbox.
    { config: { rateLimit: CONTACT_RATE_LIMIT } },
    async (request) => {
      // The body's mobile read in the company's country (docs/design.md §34): E.164 when typed with + or outside India.
      const enquiry = parseInput(await enquirySchemaOf(request.tenant), request.body);
      await submitEnquiry(request.tenant, enquiry, {
        token: request.cookies[FORM_COOKIE],
        minFillMs: config.contactMinFillMs,
        outbox,
      });
      // Spam is answered like any enquiry: a bot learns nothing.
      return { message: 'Success' as const };
    },
  );

  api.route(enquiries.getEnquiries, async (request) => getEnquiries(request.tenant, request.body, outbox.configured));
  api.route(enquiries.getEnquiry, async (request) => getEnquiry(request.tenant, request.body.id));
  api.route(enquiries.changeEnquiryStatus, async (request) =>
    changeEnquiryStatus(request.tenant, request.body.id, request.body.status),
  );
  api.route(enquiries.resendEnquiry, async (request) => resendEnquiry(request.tenant, request.body.id, outbox));
  api.route(enquiries.deleteEnquiry, async (request) => deleteEnquiry(request.tenant, request.body.id));

  // The current filter as a CSV file, streamed a batch at a time (an export of any size stays small in memory).
  api.route(enquiries.exportEnquiries, async (request, reply) => {
    const rows = exportEnquiries(request.tenant, request.query);
    return sendCsv(
      reply,
      'enquiries',
      ENQUIRY_CSV_COLUMNS,
      (async function* () {
        for await (const row of rows) yield csvRecordOf(row);
      })(),
    );
  });
}
