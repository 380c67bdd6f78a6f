import * as audit from './audit';
import * as auth from './auth';
import * as backup from './backup';
import * as builtInPages from './built-in-pages';
import * as calendar from './calendar';
import * as comments from './comments';
import * as company from './company';
import * as companyContact from './company-contact';
import * as contact from './contact';
import * as contentApi from './content-api';
import * as dashboard from './dashboard';
import * as enquiries from './enquiries';
import * as fieldRules from './field-rules';
import * as formChoices from './form-choices';
import * as forms from './forms';
import * as groups from './groups';
import * as locales from './locales';
import * as masters from './masters';
import * as media from './media';
import * as menuAdmin from './menu-admin';
import * as menus from './menus';
import * as meta from './meta';
import * as pageDefinitionCall from './page-definition-call';
import * as pageDefs from './page-defs';
import * as pageEditing from './page-editing';
import * as pages from './pages';
import * as passkeys from './passkeys';
import * as presence from './presence';
import * as preview from './preview';
import * as publicContent from './public-content';
import * as previewShares from './preview-shares';
import * as redirects from './redirects';
import * as releases from './releases';
import * as reviews from './reviews';
import * as search from './search';
import * as session from './session';
import * as setup from './setup';
import * as singleSignOn from './single-sign-on';
import * as submissions from './submissions';
import * as tokens from './tokens';
import * as translationEditing from './translation-editing';
import * as translations from './translations';
import * as uploads from './uploads';
import * as users from './users';
import * as visits from './visits';
import * as webhooks from './webhooks';
import { entriesOf } from './route';

/**
 * The route table (docs/design.md §29): every /api operation once, by domain. The server and its tests use the whole
 * table; the staff app imports the domain files it calls (`import * as enquiries from '../../../core/api/enquiries'`), so
 * a screen's chunk carries only its own schemas, and the public site imports its one entry (contact.ts).
 */
export const routes = {
  audit,
  auth,
  backup,
  builtInPages,
  calendar,
  comments,
  company,
  companyContact,
  contact,
  contentApi,
  dashboard,
  enquiries,
  fieldRules,
  formChoices,
  forms,
  groups,
  locales,
  masters,
  media,
  menuAdmin,
  menus,
  meta,
  pageDefinitionCall,
  pageDefs,
  pageEditing,
  pages,
  passkeys,
  preview,
  publicContent,
  presence,
  previewShares,
  redirects,
  releases,
  reviews,
  search,
  session,
  setup,
  singleSignOn,
  submissions,
  tokens,
  translationEditing,
  translations,
  uploads,
  users,
  visits,
  webhooks,
};

/** Every entry of the table. */
export const allRoutes = () => entriesOf(routes);

export type { RouteEntry } from './route';
