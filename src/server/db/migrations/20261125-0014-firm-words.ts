import { sql, type Kysely } from 'kysely';

/**
 * No firm's words in code (docs/design.md §20). The words move to the database:
 * - `company.tagline` (the line under the company's name in the footer) and `company.logo` (the pages' default
 *   sharing image). A database whose company is still the demo company gets the demo's tagline and logo, which
 *   its footer showed until now; a firm that renamed its company starts with both empty, never the demo's.
 * - The lead under the hero of eight pages, which their code showed until now, is a field of their documents:
 *   every stored revision of those pages without one gets the words it showed, so the pages read as before
 *   and any revision can still be restored. Each page also gets the lead's default field rule, as on a fresh
 *   install (optional, at most 300 characters), unless it already has a rule of that name.
 *
 * The words are copied here as they were when this migration was written (the demo documents and the demo
 * company may change later; what an upgrade adds must not).
 */
const DEMO_COMPANY_NAME = 'Innovo Software Pvt. Ltd.';
const DEMO_TAGLINE = 'Bespoke software, CRM and clinic software from Pune, India.';
const DEMO_LOGO = '/demo/logo.png';

/** The lead each page showed, by page id (its menupageid). */
export const LEADS_BY_PAGE_ID: Readonly<Record<number, string>> = {
  3: 'Mobile and web applications built to your process, hosted in Tier I data centres at 99.5% uptime and looked after under an annual maintenance plan.',
  4: 'Open source, cloud, COTS, mobility, middleware, e-commerce and architecture: what we know and the industries we have built software for.',
  5: 'Technical and business translation from English to German by translators who understand software and manufacturing.',
  6: 'Independent advice on software selection, architecture, process automation and digital transformation for growing Indian firms.',
  7: 'Projects delivered, products launched and milestones reached, year by year.',
  8: 'Manufacturers, pharma companies, clinics and start-ups that run their business on our software.',
  11: 'Tell us about your requirements, or visit our office in Pune. We reply within one working day.',
  12: 'Appointments, check-in, fees, prescriptions in 20 Indian languages and an electronic medical record that works offline on mobile.',
};

const LEAD_MAX_LENGTH = 300;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('company')
    .addColumn('tagline', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('company')
    .addColumn('logo', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update company set tagline = ${DEMO_TAGLINE}, logo = ${DEMO_LOGO} where id = 1 and company_name = ${DEMO_COMPANY_NAME}`.execute(
    db,
  );

  const pageIds = Object.keys(LEADS_BY_PAGE_ID).map(Number);
  const revisions = await sql<{ page_id: number; revision: number; document: string }>`
    select page_id, revision, document from page_revisions where page_id in (${sql.join(pageIds)})`.execute(db);
  for (const row of revisions.rows) {
    const lead = LEADS_BY_PAGE_ID[Number(row.page_id)];
    const document = parseDocument(row.document);
    if (lead === undefined || !document || Object.hasOwn(document, 'lead')) continue;
    await sql`update page_revisions set document = ${JSON.stringify(withLead(document, lead))}
      where page_id = ${row.page_id} and revision = ${row.revision}`.execute(db);
  }

  // The lead's rule, after the page's own (a page without any rules is left to the seed or its administrator).
  for (const pageId of pageIds) {
    const found = await sql<{ last: number | string | null; leads: number | string }>`
      select max(sequence) as last, sum(case when parameter_name = 'lead' then 1 else 0 end) as leads
      from page_parameters where page_id = ${pageId}`.execute(db);
    const last = found.rows[0]?.last;
    if (last === null || last === undefined || Number(found.rows[0]?.leads ?? 0) > 0) continue;
    await sql`
      insert into page_parameters (page_id, sequence, parameter_name, mandatory, type, unittype, minlength, maxlength,
        allownegative, allownegativeforfloat)
      values (${pageId}, ${Number(last) + 1}, 'lead', 'N', 'Textarea', 'Character', 0, ${LEAD_MAX_LENGTH}, 'Y', 'Y')`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pageIds = Object.keys(LEADS_BY_PAGE_ID).map(Number);
  await sql`delete from page_parameters where parameter_name = 'lead' and page_id in (${sql.join(pageIds)})`.execute(
    db,
  );
  // The documents as the schemas before this migration take them: without a lead.
  const revisions = await sql<{ page_id: number; revision: number; document: string }>`
    select page_id, revision, document from page_revisions where page_id in (${sql.join(pageIds)})`.execute(db);
  for (const row of revisions.rows) {
    const document = parseDocument(row.document);
    if (!document || !Object.hasOwn(document, 'lead')) continue;
    const { lead: _lead, ...without } = document;
    await sql`update page_revisions set document = ${JSON.stringify(without)}
      where page_id = ${row.page_id} and revision = ${row.revision}`.execute(db);
  }
  await db.schema.alterTable('company').dropColumn('logo').execute();
  await db.schema.alterTable('company').dropColumn('tagline').execute();
}

function parseDocument(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The document with its lead right after the page fields, where the page's schema has it. */
function withLead(document: Record<string, unknown>, lead: string): Record<string, unknown> {
  const pageFields = ['menupageid', 'commonrouting', 'revision'];
  const result: Record<string, unknown> = {};
  for (const key of pageFields) if (Object.hasOwn(document, key)) result[key] = document[key];
  result.lead = lead;
  for (const [key, value] of Object.entries(document)) if (!pageFields.includes(key)) result[key] = value;
  return result;
}
