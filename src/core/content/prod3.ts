import { z } from 'zod';
import { fixedText, list, pageFields, richText, shortText } from '../schemas/fields';
import { defineContentPage, richtext, textarea } from './common/content-page';
import type { DefaultFieldRules, DemoDocument } from './common/content-page';
import { LEAD_LABEL, LEAD_RULE, leadField } from './common/lead';

/** InnovoCare (prod3, page 12): the lead, description, benefits, front-office and doctor features. */
export const Prod3ContentSchema = z.strictObject({
  ...pageFields,
  lead: leadField(),
  descriptionlst: list(z.strictObject({ descpara: richText() })),
  benefitslst: list(z.strictObject({ icon: fixedText(), title: shortText(), data: richText() })),
  /** Front office. */
  section1lst: list(z.strictObject({ data1: richText() })),
  /** Doctor. */
  section2lst: list(z.strictObject({ data2: richText() })),
});
export type Prod3Content = z.infer<typeof Prod3ContentSchema>;

export const page = defineContentPage('prod3', Prod3ContentSchema, {
  lead: LEAD_LABEL,
  descriptionlst: { entry: 'paragraph', fields: { descpara: 'Paragraph' } },
  benefitslst: { entry: 'benefit', fields: { icon: 'Icon', title: 'Title', data: 'Details' } },
  section1lst: { entry: 'front-office feature', fields: { data1: 'Feature' } },
  section2lst: { entry: 'doctor feature', fields: { data2: 'Feature' } },
});

export const demoDocument: DemoDocument<Prod3Content> = {
  menupageid: 12,
  commonrouting: 'InnovoCare',
  lead: 'Appointments, check-in, fees, prescriptions in 20 Indian languages and an electronic medical record that works offline on mobile.',
  descriptionlst: [
    {
      descpara:
        '<p><strong>InnovoCare</strong> is clinic management software with a built-in electronic medical record, designed with Indian doctors for single clinics, polyclinics and small hospitals.</p>',
    },
    {
      descpara:
        '<p>It runs in the cloud and on Android phones and tablets, keeps working when the internet does not, and prints prescriptions your patients can read in their own language.</p>',
    },
  ],
  benefitslst: [
    {
      icon: 'gauge',
      title: 'Productivity',
      data: '<p>See more patients with less paperwork: the front desk, the doctor and the pharmacy work from the same record.</p>',
    },
    {
      icon: 'prescription',
      title: 'Quick Prescriptions',
      data: '<p>Prescribe in seconds from favourites and templates, with medicines searchable by <strong>generic and brand names</strong>.</p>',
    },
    {
      icon: 'wifi-off',
      title: 'Works Offline',
      data: '<p>Use InnovoCare on a mobile even without a connection; everything <strong>synchronises</strong> automatically when you are back online.</p>',
    },
    {
      icon: 'file-medical',
      title: 'Electronic Medical Record',
      data: '<p>Complaints, diagnoses, vitals, reports and prescriptions for every visit, available at a tap at the next consultation.</p>',
    },
    {
      icon: 'cloud',
      title: 'Cloud Based',
      data: '<p>Nothing to install or back up; your data is hosted in Tier I data centres in India with 99.5% uptime.</p>',
    },
    {
      icon: 'languages',
      title: 'Instructions in 20 Languages',
      data: '<p>Print prescription instructions in <strong>20 Indian languages</strong>, so patients know exactly how and when to take their medicines.</p>',
    },
  ],
  section1lst: [
    { data1: '<p>Appointments per clinic, doctor and specialty</p>' },
    { data1: '<p>Patient check-in with token numbers and waiting-room status</p>' },
    { data1: '<p>Check-out with fee collection and receipts</p>' },
    { data1: '<p>Automatic no-show indicator for missed appointments</p>' },
    { data1: '<p>Reschedule and cancel appointments, with SMS to the patient</p>' },
  ],
  section2lst: [
    { data2: '<p>Today’s queue with each patient’s history on one screen</p>' },
    { data2: '<p>Vitals, complaints, findings and diagnoses recorded in a few taps</p>' },
    { data2: '<p>Prescriptions from templates, with generic and brand names</p>' },
    { data2: '<p>Laboratory and imaging orders, with reports attached to the record</p>' },
    { data2: '<p>Follow-up dates that flow straight into the appointment book</p>' },
    { data2: '<p>Practice reports on patients seen, diagnoses and collections</p>' },
  ],
};

export const fieldRules: DefaultFieldRules<Prod3Content> = [
  LEAD_RULE,
  richtext('descpara', 10, 2000),
  textarea('icon', 2, 40),
  textarea('title', 3, 100),
  richtext('data', 10, 1500),
  richtext('data1', 5, 600),
  richtext('data2', 5, 600),
];

declare module '../schemas/page-content' {
  /** This file is the 'prod3' page's (CONTENT_PAGES in src/core/pages.ts names it). */
  interface BuiltInPages {
    prod3: typeof page;
  }
}
