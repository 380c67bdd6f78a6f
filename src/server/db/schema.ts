import type { Generated } from 'kysely';

/**
 * The database as Kysely sees it. Booleans are 0/1 integers and times ISO-8601 text, so the same queries
 * run unchanged on SQLite and PostgreSQL.
 */
export interface Database {
  user_groups: UserGroupTable;
  users: UserTable;
  pages: PageTable;
  page_revisions: PageRevisionTable;
  menu_items: MenuItemTable;
  enquiries: EnquiryTable;
  settings: SettingTable;
  company: CompanyTable;
  modules: ModuleTable;
  page_parameters: PageParameterTable;
  sessions: SessionTable;
  field_rules: FieldRuleTable;
  master_types: MasterTypeTable;
  master_values: MasterValueTable;
  rate_limits: RateLimitTable;
  jobs: JobTable;
  images: ImageTable;
  media: MediaTable;
  audit_log: AuditLogTable;
  password_resets: PasswordResetTable;
  recovery_codes: RecoveryCodeTable;
  sign_in_challenges: SignInChallengeTable;
  preview_shares: PreviewShareTable;
  page_editors: PageEditorTable;
  page_comments: PageCommentTable;
  redirects: RedirectTable;
  not_found: NotFoundTable;
  forms: FormTable;
  form_submissions: FormSubmissionTable;
  form_files: FormFileTable;
  visit_days: VisitDayTable;
  visit_sources: VisitSourceTable;
  visit_hashes: VisitHashTable;
  visit_salts: VisitSaltTable;
  releases: ReleaseTable;
  release_items: ReleaseItemTable;
  passkeys: PasskeyTable;
  webauthn_challenges: WebauthnChallengeTable;
  sign_in_settings: SignInSettingsTable;
  sign_in_attempts: SignInAttemptTable;
  webhooks: WebhookTable;
  webhook_deliveries: WebhookDeliveryTable;
  api_tokens: ApiTokenTable;
}

/** A user's token for other systems (docs/design.md §33): only its SHA-256 is kept. */
export interface ApiTokenTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** Space-separated scopes: `content:read content:write enquiries:read`. */
  scopes: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A user's passkey, a WebAuthn credential (docs/design.md §33); ids and the key in base64url. */
export interface PasskeyTable {
  id: Generated<number>;
  user_id: number;
  credential_id: string;
  public_key: string;
  /** A bigint: PostgreSQL may answer it as a string. */
  counter: number | string;
  /** JSON list of the transports the browser reported (usb, internal, hybrid, …). */
  transports: string;
  user_handle: string;
  device_type: 'singleDevice' | 'multiDevice';
  backed_up: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** The challenge of a WebAuthn ceremony in progress, by its SHA-256, usable once (docs/decisions/037-passkeys.md). */
export interface WebauthnChallengeTable {
  id: Generated<number>;
  challenge_hash: string;
  purpose: 'register' | 'signin' | 'second-step';
  user_id: number | null;
  user_handle: string | null;
  created_at: string;
  expires_at: string;
}

/** A named set of page revisions that go live together (docs/design.md §32). */
export interface ReleaseTable {
  id: Generated<number>;
  name: string;
  status: Generated<'open' | 'scheduled' | 'published' | 'failed' | 'reverted'>;
  publish_at: string | null;
  publish_error: string | null;
  created_by_name: string;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  published_by_name: string | null;
  reverted_at: string | null;
  reverted_by_name: string | null;
}

/** A page in a language at a revision, in a release; `previous_revision` what visitors saw before it went live. */
export interface ReleaseItemTable {
  release_id: number;
  page_id: number;
  locale: string;
  revision: number;
  previous_revision: number | null;
  position: number;
}

/** Views and visitors of a UTC day per page and language; the whole site's row has routing and locale '' (§31). */
export interface VisitDayTable {
  routing: string;
  locale: string;
  day: string;
  views: number;
  visitors: number;
}

/** Views of a day by where they came from: `kind` referrer, campaign or device; per page, the site's routing ''. */
export interface VisitSourceTable {
  routing: string;
  day: string;
  kind: string;
  name: string;
  views: number;
}

/** A visitor of the day, as a keyed hash, once per scope (`routing\tlocale`, the site's ''): deleted after the day. */
export interface VisitHashTable {
  day: string;
  scope: string;
  hash: string;
}

/** The secret salt of a day still running, shared by the instances; deleted after its day. */
export interface VisitSaltTable {
  day: string;
  salt: string;
}

/** A form made without code (docs/design.md §30): its definition as JSON; `built_in` names the one the code knows. */
export interface FormTable {
  id: Generated<number>;
  built_in: string | null;
  name: string;
  /** `{fields, recipients, confirmation, successMessage, retentionDays}` (src/core/schemas/forms.ts). */
  definition: string;
  revision: number;
  created_at: string;
  updated_at: string;
}

/** What a visitor sent with a form: values by field key (JSON), its status, and keyed hashes for duplicates and floods. */
export interface FormSubmissionTable {
  id: Generated<number>;
  form_id: number;
  created_at: string;
  status: 'inbox' | 'spam' | 'handled';
  spam_reason: string | null;
  field_values: string;
  summary: string;
  locale: Generated<string>;
  sender_key: string;
  text_key: string;
  mail_state: Generated<'queued' | 'sent' | 'retrying' | 'failed' | 'none'>;
}

/** A file sent with a submission, kept in the database beside it (never on a public address). */
export interface FormFileTable {
  id: Generated<number>;
  submission_id: number;
  field: string;
  name: string;
  content_type: string;
  size: number;
  bytes: Uint8Array;
}

/** A redirect (docs/design.md §27): `from_path` on this site answered with `status` to `to_target` (a path or an https address). */
export interface RedirectTable {
  id: Generated<number>;
  from_path: string;
  to_target: string;
  status: number;
  hits: Generated<number>;
  last_hit: string | null;
  created_at: string;
  updated_at: string;
  created_by: number | null;
}

/** An address visitors asked for and got the 404 page (docs/design.md §27), the 1,000 most asked for. */
export interface NotFoundTable {
  path: string;
  hits: number;
  last_seen: string;
  referrer: string | null;
}

/** A shared preview link (docs/design.md §26): its token's SHA-256 hash; live until expires_at unless revoked. */
/** A comment on a field of a page in a language, or a reply to one (docs/design.md §32, migration 0037). */
export interface PageCommentTable {
  id: Generated<number>;
  page_id: number;
  /** '' is the page's source language. */
  locale: string;
  path: string;
  text: string;
  /** The comment this one replies to; null: it starts a thread. */
  reply_to: number | null;
  author_id: number | null;
  author_name: string;
  created_at: string;
  resolved_at: string | null;
  resolved_by_name: string | null;
}

export interface PreviewShareTable {
  id: Generated<number>;
  page_id: number;
  /** The language the link shows: '' the source, a locale's code its translation (docs/design.md §28). */
  locale: Generated<string>;
  token_hash: string;
  created_by: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** Who has a page's editor open (docs/design.md §26): renewed every 20 s while it is, deleted when it closes. */
export interface PageEditorTable {
  page_id: number;
  user_id: number;
  /** The language of the editor open: '' for the source, a locale's code for its translation (docs/design.md §28). */
  locale: Generated<string>;
  seen_at: string;
}

/** A one-time password-reset token (docs/design.md §21), by its SHA-256 hash; valid until expires_at, once. */
export interface PasswordResetTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A recovery code of two-step sign-in: hashed, single use. */
export interface RecoveryCodeTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

/** The second step of a sign-in in progress: the challenge cookie's hash, valid five minutes. */
export interface SignInChallengeTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

/** An uploaded image or one of its srcset widths (docs/design.md §8), by folder and Folio-generated name; never updated. */
export interface ImageTable {
  folder: string;
  name: string;
  content_type: string;
  bytes: Buffer;
  /** The length of `bytes`, so a size check never reads them. */
  size: number;
  /** A quoted strong validator of the bytes, computed when they were stored. */
  etag: string;
  created_at: string;
}

/**
 * An image of the media library (docs/design.md §27): an uploaded original (its bytes are the `images` row of the same
 * folder and name), with the alt text and focal point staff give it. The focal point is a fraction of the width
 * and height, 0 to 1, from the top left.
 */
export interface MediaTable {
  id: Generated<number>;
  folder: string;
  name: string;
  /** Its title (docs/design.md §34): the uploaded file's name without its extension until staff change it; '' for none. */
  title: Generated<string>;
  alt: Generated<string>;
  focal_x: Generated<number>;
  focal_y: Generated<number>;
  width: number;
  height: number;
  /** The original's size in bytes. */
  bytes: number;
  uploaded_at: string;
  /** Who uploaded it; null for images stored before the library, or when that user was deleted. */
  uploaded_by: number | null;
}

/** An entry of the audit log (docs/design.md §21): inserted in the change's transaction, never updated or deleted by the app. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  tenant: string;
  user_name: string | null;
  ip: string | null;
  action: string;
  target_type: string;
  target_id: string;
  summary: string;
  /** The action's area (`page` of `page.publish`), for the audit log's area filter. */
  area: Generated<string>;
  /** JSON: the changed fields, with before and after for short values. */
  details: Generated<string>;
}

/**
 * Every background job (decision 022): periodic work (one row per kind, key ''), enquiry mail (key: the
 * enquiry's id) and staff mail (key: a random id, the message in `payload`). States: `queued` (waiting for its
 * first attempt, or a periodic job for its next run), `retrying` (failed, tried again at run_at), `done`, `failed`.
 */
export interface JobTable {
  id: Generated<number>;
  kind: string;
  /** Tells jobs of one kind apart ('' for a periodic job, which has one row). */
  key: Generated<string>;
  state: Generated<JobState>;
  run_at: string;
  /** Failed attempts since the last success (a one-off job: every attempt, the last one included). */
  attempts: Generated<number>;
  /** An instance's claim on the job: the others leave it alone until then. */
  locked_until: string | null;
  last_error: string | null;
  /** When the job was (re)queued: a kind that gives up counts from it. */
  queued_at: string;
  /** What a one-off job works on, as JSON text (a staff mail's message); null when its key says it all. */
  payload: string | null;
  /** When it last succeeded (a mail: when it was sent). */
  done_at: string | null;
}

export type JobState = 'queued' | 'retrying' | 'done' | 'failed';

/** Throttle counts of every instance (db/database-rate-limiter.ts): a key, its points, its end in ms. */
export interface RateLimitTable {
  key: string;
  points: number;
  expire: number | null;
}

export interface UserGroupTable {
  id: Generated<number>;
  name: string;
  builtin: number;
  created_at: string;
  /** 1: its users must turn two-step sign-in on before anything else (docs/design.md §21). */
  require_two_factor: Generated<number>;
  /** 1: its users must add a passkey before anything else, and it is their second step (docs/design.md §33). */
  require_passkey: Generated<number>;
  /** How its users publish (docs/design.md §32): 'direct', or 'review' (they ask, someone else approves). */
  publishing: Generated<'direct' | 'review'>;
}

export interface UserTable {
  id: Generated<number>;
  username: string;
  /** argon2id hash; null for the Public user, who cannot log in. */
  password_hash: string | null;
  group_id: number;
  first_name: string;
  last_name: string;
  email: string;
  active: number;
  created_at: string;
  /** ISO time of the last password change ('' never): sessions older than it are void. */
  password_changed_at: Generated<string>;
  employee_code: Generated<string>;
  salutation: Generated<string>;
  gender: Generated<string>;
  middle_name: Generated<string>;
  address: Generated<string>;
  mobile: Generated<string>;
  mobile2: Generated<string>;
  /** The TOTP secret, kept as decision 016 says; null: two-step sign-in not set up. */
  totp_secret: string | null;
  /** When two-step sign-in was turned on; null: off (a secret may be waiting for its first code). */
  totp_enabled_at: string | null;
  /** The last TOTP time step accepted: a code is not accepted twice. */
  totp_last_step: number | null;
  /** 1: the password is a one-time one from the shell (docs/design.md §22); the user's sessions reach only /account until it is changed. */
  password_must_change: Generated<number>;
}

export interface PageTable {
  id: number;
  /** commonrouting: route of the editing twin or back-office screen. */
  routing: string;
  name: string;
  /** Canonical public path (content pages only). */
  public_path: string | null;
  kind: 'content' | 'screen';
  active: number;
  /** The spec's Display Name: what menus, titles and lists show. */
  display_name: Generated<string>;
  module_id: number | null;
  /** wired: the page has code; Autowired: made in page creation, driven by its parameters (docs/design.md §11, §13). */
  page_type: Generated<'wired' | 'Autowired'>;
  /** Y: part of the public website (a public twin, the sitemap, the Public menu). */
  homepage: Generated<'Y' | 'N'>;
}

export interface ModuleTable {
  id: number;
  name: string;
  sequence: number;
}

/** One parameter of a page (spec 001 §3 parameter configuration item, docs/design.md §12). */
export interface PageParameterTable {
  id: Generated<number>;
  page_id: number;
  sequence: number;
  parameter_name: string;
  mandatory: Generated<'Y' | 'N'>;
  type: string;
  unittype: string;
  validator: Generated<string>;
  pagecreationtype: Generated<string>;
  minlength: number | null;
  maxlength: number | null;
  decimalplaces: number | null;
  allownegative: Generated<'Y' | 'N'>;
  allownegativeforfloat: Generated<'Y' | 'N'>;
  min: number | null;
  currentdate: Generated<string>;
  greatthncurrentdate: Generated<string>;
  lessthncurrentdate: Generated<string>;
  booleanyes: Generated<string>;
  booleanno: Generated<string>;
  commonmastertype: number | null;
  sizeinkb: number | null;
  height: number | null;
  width: number | null;
  /** docs/design.md §28: whether the field translates; null follows its type (text kinds do). */
  translatable: number | null;
  /** Whether visitors see the field's name (docs/design.md §34); null follows its kind. */
  show_name: number | null;
  /** A line of text shown to visitors as a heading (docs/design.md §34). */
  as_heading: Generated<number>;
}

export interface PageRevisionTable {
  page_id: number;
  revision: number;
  /** The content document as JSON, validated by its schema before it was stored. */
  document: string;
  saved_by: number | null;
  saved_by_name: string;
  saved_at: string;
  /** docs/design.md §19: 'published', 'draft' or 'scheduled'; §32: 'in_review' (publish_at: the time asked for). */
  status: Generated<'published' | 'draft' | 'scheduled' | 'in_review' | 'failed'>;
  /** When a scheduled revision goes live (ISO 8601 UTC); null otherwise. */
  publish_at: string | null;
  /** docs/design.md §28: '' for the source (the default language), a BCP 47 code for a translation. */
  locale: Generated<string>;
  /** A translation's: the source's published revision it was made from. */
  source_revision: number | null;
  /** A revision sent back from review (docs/design.md §32): what should change, and who said so. */
  review_comment: Generated<string | null>;
  reviewed_by_name: Generated<string | null>;
  /** Why a scheduled revision could not be published at its time (status 'failed', docs/design.md §32). */
  publish_error: Generated<string | null>;
}

export interface MenuItemTable {
  id: Generated<number>;
  owner_kind: 'group' | 'user';
  owner_id: number;
  parent_id: number | null;
  /** The page the item opens; null for a pure sub-menu heading (e.g. Services). */
  page_id: number | null;
  label: string;
  sequence: number;
  is_sub_menu: number;
  land_page: number;
}

export interface EnquiryTable {
  id: Generated<number>;
  organization: string;
  name: string;
  email: string;
  mobile: string;
  requirements: string;
  created_at: string;
  status: Generated<'New' | 'Handled' | 'Spam'>;
  updated_at: string | null;
  /** The state of its mail job, `none` without one: kept by enquiries.repository.ts with every change of the job. */
  mail_state: Generated<'queued' | 'sent' | 'retrying' | 'failed' | 'none'>;
}

export interface SettingTable {
  key: string;
  value: string;
}

export interface CompanyTable {
  id: number;
  company_code: string;
  company_name: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  country: string;
  /** docs/design.md §34: the company's country, ISO 3166-1 alpha-2 ('IN' by default): how phone numbers are read. */
  country_code: Generated<string>;
  website_url: string;
  contact: string;
  email: string;
  /** docs/design.md §20: the line under the company's name in the footer ('' for none). */
  tagline: string;
  /** docs/design.md §20: the company's logo, the pages' default sharing image ('' for none). */
  logo: string;
  /** docs/design.md §33: 1 when anyone may read the content API without a token. */
  content_api_public: Generated<number>;
  updated_at: string;
}

export interface SessionTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  csrf_token: string;
  created_at: string;
  expires_at: string;
}

/** One field rule of a page (spec 000 §3): flags are the spec's 'true' / 'false' strings; null bounds mean none. */
export interface FieldRuleTable {
  id: Generated<number>;
  page_id: number;
  /** Rules apply in this order; the first failure stops the check (spec 000 §5). */
  sequence: number;
  parameter_name: string;
  type: string;
  minlength: number | null;
  maxlength: number | null;
  decimalplaces: number | null;
  currentdate: Generated<string>;
  greatthncurrentdate: Generated<string>;
  lessthncurrentdate: Generated<string>;
}

/** A master type (docs/design.md §14): Country, State, City, …; `depends_on` the type its values' parents belong to. */
export interface MasterTypeTable {
  id: Generated<number>;
  code: string;
  name: string;
  depends_on: number | null;
  active: number;
  created_at: string;
}

/** A value of a master type; `parent_id` is a value of the type its type depends on. Deactivated, never deleted. */
export interface MasterValueTable {
  id: Generated<number>;
  type_id: number;
  code: string;
  name: string;
  sequence: number;
  parent_id: number | null;
  active: number;
}

/** The firm's one row of single sign-on settings (docs/design.md §33, migration 0040). */
export interface SignInSettingsTable {
  id: number;
  enabled: number;
  label: string;
  issuer: string;
  client_id: string;
  /** Sealed with SECRET_KEY (secret-box.ts); never in an answer. Null: none given yet. */
  client_secret: string | null;
  /** New users whose verified email is of this domain ('' none) join join_group_id. */
  join_domain: string;
  join_group_id: number | null;
  /** 1: users other than administrators may still sign in with a password. */
  password_sign_in: number;
  updated_at: string;
  updated_by_name: string | null;
}

/** A single sign-on attempt on its way through the provider: ten minutes, used once (decision 038). */
export interface SignInAttemptTable {
  state_hash: string;
  browser_hash: string;
  nonce: string;
  code_verifier: string;
  return_to: string;
  created_at: string;
  expires_at: string;
  /** When it came back from the provider: used, and refused if it comes back again. */
  used_at: string | null;
}

/** An endpoint that events are delivered to (docs/design.md §33). */
export interface WebhookTable {
  id: Generated<number>;
  url: string;
  /** The event names it takes, as a JSON array. */
  events: string;
  /** Its signing secret (`whsec_…`), sealed with SECRET_KEY (auth/secret-box.ts). */
  secret: string;
  active: Generated<number>;
  /** Who made it: mailed when it is switched off (null: made by the shell, or that user is gone). */
  owner_id: number | null;
  owner_name: string;
  created_at: string;
  updated_at: string;
  /** Since when every delivery failed; null while the last one went through. */
  failing_since: string | null;
  switched_off_at: string | null;
  switched_off_why: string | null;
}

/** One event sent to one endpoint, with how its attempts went (docs/design.md §33). */
export interface WebhookDeliveryTable {
  id: Generated<number>;
  webhook_id: number;
  event: string;
  message_id: string;
  body: string;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  response_code: number | null;
  ms: number | null;
  /** The first KB of the last answer. */
  answer: string | null;
  /** Why the last attempt failed, in a sentence; null after a success. */
  error: string | null;
  created_at: string;
  attempted_at: string | null;
  /** The delivery this one sends again (Redeliver), same message id. */
  redelivery_of: number | null;
}
