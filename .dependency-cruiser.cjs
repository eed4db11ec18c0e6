/**
 * Folder boundaries, checked by `npm run lint` (depcruise). The probe tests
 * (apps/web/src/testing/import-boundaries.test.ts, apps/api/src/import-boundaries.test.ts) prove the rules bite.
 *
 * API: a module (apps/api/src/modules/<name>) imports only the modules listed for it below, so the modules form
 * no circle (checked when this file loads). What several modules need lives below them, in shared/ (answer shapes,
 * business time, paging) or platform/ (infrastructure); neither, nor plugins/ or db/, imports a module.
 * Tests and test kits may reach across. A module not listed here may import any listed one and none may import it: list it once others need it.
 *
 * Web: a feature (apps/web/src/features/<name>) imports only itself and the shared folders (components/, hooks/,
 * lib/, config/, testing/); composing features happens in app/. Shared folders import neither app/ nor a feature.
 */
const MODULE_IMPORTS = {
  addresses: [],
  'api-keys': [],
  audit: [],
  backups: ['deliveries'],
  auth: [],
  deliveries: ['messages', 'webhooks'],
  dispatch: ['deliveries'],
  driver: ['deliveries', 'medical'],
  feedback: ['tracking'],
  files: [],
  geo: [],
  health: [],
  labels: ['deliveries'],
  'late-sweep': ['medical', 'messages'],
  live: [],
  medical: ['deliveries', 'dispatch', 'notifications', 'webhooks'],
  messages: ['auth', 'notifications'],
  notifications: [],
  optin: ['messages'],
  reports: [],
  'standing-orders': ['deliveries', 'dispatch'],
  tracking: [],
  users: ['auth'],
  webhooks: [],
};

// The table itself must be free of circles, or it would allow one.
(function assertNoCircle() {
  const state = {};
  const visit = (name, path) => {
    if (state[name] === 'done') return;
    if (state[name] === 'visiting') throw new Error(`.dependency-cruiser.cjs: modules import in a circle: ${[...path, name].join(' -> ')}`);
    state[name] = 'visiting';
    for (const next of MODULE_IMPORTS[name] ?? []) visit(next, [...path, name]);
    state[name] = 'done';
  };
  for (const name of Object.keys(MODULE_IMPORTS)) visit(name, []);
})();

const escapeRegex = (s) => s.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');
const API = '^apps/api/src/';
const WEB = '^apps/web/src/';
// Tests and their kits drive the whole app, across modules.
const TESTS = '(\\.test\\.ts|-test-kit\\.ts|test-support\\.ts)$';
const listed = Object.keys(MODULE_IMPORTS).map(escapeRegex).join('|');

module.exports = {
  forbidden: [
    ...Object.entries(MODULE_IMPORTS).map(([name, allowed]) => ({
      name: `api-module-${name}`,
      comment: `modules/${name} imports only ${allowed.length ? allowed.map((m) => `modules/${m}`).join(', ') : 'no other module'} (table in .dependency-cruiser.cjs)`,
      severity: 'error',
      from: { path: `${API}modules/${escapeRegex(name)}/`, pathNot: TESTS },
      to: { path: `${API}modules/`, pathNot: `${API}modules/(${[name, ...allowed].map(escapeRegex).join('|')})/` },
    })),
    {
      name: 'api-unlisted-module',
      comment: 'a module missing from MODULE_IMPORTS in .dependency-cruiser.cjs may import listed ones, but none may import it',
      severity: 'error',
      from: { path: `${API}modules/(${listed})/`, pathNot: TESTS },
      to: { path: `${API}modules/`, pathNot: `${API}modules/(${listed})/` },
    },
    {
      name: 'api-lower-layers-import-no-module',
      comment: 'platform/, plugins/, shared/ and db/ (but its seed) sit below the modules and import none',
      severity: 'error',
      from: { path: `${API}(platform|plugins|shared|db)/`, pathNot: [`${API}db/seed/`, TESTS] },
      to: { path: `${API}modules/` },
    },
    {
      name: 'web-feature-imports-no-other-feature',
      comment: 'a feature imports only itself and the shared folders; composing features happens in app/',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'web-feature-imports-no-app',
      comment: 'a feature imports only itself and the shared folders; composing features happens in app/',
      severity: 'error',
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'web-shared-imports-no-feature-or-app',
      comment: 'shared code (components/, hooks/, lib/, config/) depends on neither app/ nor a feature',
      severity: 'error',
      from: { path: `${WEB}(components|hooks|lib|config)/` },
      to: { path: `${WEB}(app|features)/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    // The web's @/ alias; the API's imports are relative.
    tsConfig: { fileName: require('node:path').join(__dirname, 'tsconfig.depcruise.json') },
  },
};
