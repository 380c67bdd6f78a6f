/**
 * Addresses that bots try on every site, looking for a WordPress login, a leaked `.env` or an old PHP tool
 * (docs/design.md §27). Their 404s are noise, not a visitor's broken link: the 404 log leaves them out, so that what it
 * lists is worth a redirect. A path is a probe when any of its segments is one of PROBE_SEGMENTS, or its last
 * segment ends with one of PROBE_ENDINGS (any case).
 */
const PROBE_SEGMENTS = new Set([
  'wp-admin',
  'wp-login.php',
  'wp-content',
  'wp-includes',
  'wp-json',
  'wp-config.php',
  'xmlrpc.php',
  '.env',
  '.git',
  '.svn',
  '.hg',
  '.ds_store',
  '.aws',
  '.ssh',
  '.htaccess',
  '.htpasswd',
  'phpmyadmin',
  'myadmin',
  'cgi-bin',
  'phpunit',
  'admin.php',
  'setup.php',
  'install.php',
  'config.php',
  'phpinfo.php',
  'info.php',
  'shell.php',
  'eval-stdin.php',
  'boaform',
  'actuator',
  'autodiscover',
  'hnap1',
  '.well-known',
  'server-status',
  'solr',
]);

/** Endings of the last segment that no Folio page has: scripts of other stacks, archives, dumps. */
const PROBE_ENDINGS = [
  '.php',
  '.asp',
  '.aspx',
  '.jsp',
  '.cgi',
  '.sql',
  '.bak',
  '.old',
  '.zip',
  '.tar',
  '.gz',
  '.rar',
  '.7z',
  '.env',
  '.ini',
  '.log',
  '.yml',
  '.yaml',
];

/** Whether a 404'd path is a known bot probe (left out of the 404 log). */
export function isKnownProbe(path: string): boolean {
  const segments = path
    .toLowerCase()
    .split('/')
    .filter((segment) => segment !== '');
  if (segments.some((segment) => PROBE_SEGMENTS.has(segment))) return true;
  const last = segments.at(-1) ?? '';
  return PROBE_ENDINGS.some((ending) => last.endsWith(ending));
}
