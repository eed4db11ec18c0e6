/**
 * Folder boundaries, checked by `npm run lint` (depcruise over apps/api/src, apps/web/src and packages). The probe
 * tests (apps/api/src/import-boundaries.test.ts, which also probes the packages, and
 * apps/web/src/testing/import-boundaries.test.ts) prove the rules bite.
 *
 * Everywhere: no file imports itself through a circle of imports (type-only imports count), and an app or a
 * package never imports another app (the web talks to the API over HTTP only).
 *
 * Packages: the contract and the planner import no app; the planner is pure computation (only its own files).
 *
 * API: a module (apps/api/src/modules/<name>) imports only the modules listed for it below, so the modules form
 * no circle (checked when this file loads). What several modules need lives below them, in shared/ (answer shapes,
 * business time, paging) or platform/ (infrastructure); neither, nor plugins/ or db/, imports a module. The one
 * exception is the seed (db/seed), declared in its own rule below. Tests and test kits may reach across.
 * A module not listed here may import any listed one and none may import it: list it once others need it.
 *
 * Web: a feature (apps/web/src/features/<name>) imports only itself and the shared folders (components/, hooks/,
 * lib/, config/, domain/, testing/); composing features happens in app/. Shared folders import neither app/ nor a
 * feature. domain/ holds the courier's calls and widgets that two or more features need (the delivery list, handling
 * details, saved addresses, ...); the generic folders below it (components/, hooks/, lib/, config/) import no domain/.
 */
const MODULE_IMPORTS = {
  accounts: [],
  addresses: [],
  'api-keys': [],
  audit: [],
  'auto-dispatch': ['deliveries', 'dispatch', 'route-plans'],
  backups: ['deliveries'],
  auth: ['accounts'],
  billing: [],
  devices: ['deliveries', 'medical', 'messages'],
  deliveries: ['billing', 'driver-pay', 'fhir-task', 'hl7-outbound', 'messages', 'webhooks'],
  discrepancies: ['notifications'],
  dispatch: ['deliveries'],
  'driver-pay': ['billing'],
  driver: ['deliveries', 'medical'],
  feedback: ['tracking'],
  files: [],
  geo: [],
  health: [],
  // HL7 v2 status messages to a lab's engine (written by deliveries' moves); modules/hl7 (not listed) books orders.
  'hl7-outbound': ['webhooks'],
  invoices: ['billing'],
  labels: ['deliveries'],
  'late-sweep': ['deliveries', 'medical'],
  live: [],
  medical: ['deliveries', 'discrepancies', 'dispatch', 'messages', 'notifications', 'webhooks'],
  messages: ['auth', 'notifications'],
  notifications: [],
  optin: ['messages'],
  reports: [],
  smart: [],
  retention: ['deliveries'],
  'route-plans': ['deliveries', 'dispatch', 'notifications', 'standing-orders', 'users'],
  'standing-orders': ['deliveries', 'dispatch'],
  tracking: [],
  users: ['auth'],
  webhooks: [],
  // A delivery as an R4 Task, and the Subscriptions' notifications written where deliveries change.
  'fhir-task': [],
  // FHIR R4 at /fhir/r4: books through deliveries, subscribes through the webhooks' endpoints.
  fhir: ['deliveries', 'fhir-task', 'smart', 'webhooks'],
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
const PLANNER = '^packages/planner/src/';
// Tests and their kits drive the whole app, across modules.
const TESTS = '(\\.test\\.ts|-test-kit\\.ts|test-support\\.ts)$';
const listed = Object.keys(MODULE_IMPORTS).map(escapeRegex).join('|');

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'files import one another in one direction only: move what both need into a file below them',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'app-imports-no-other-app',
      comment: 'an app never imports another app: the web reaches the API over HTTP, what both need is in packages/contract',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'package-imports-no-app',
      comment: 'packages sit below the apps and import none of them',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'planner-is-pure',
      comment:
        'the route planner is pure computation: it imports only its own files (no node: built-ins such as fs, net or http, no database or network client, no other package)',
      severity: 'error',
      // The exceptions: plan-solomon.ts and plan-lilim.ts, the command lines of `npm run plan:solomon` and
      // `npm run plan:lilim`, read the instance file they are given.
      from: { path: PLANNER, pathNot: [`${PLANNER}plan-(solomon|lilim)\\.ts$`, '\\.test\\.ts$'] },
      to: { pathNot: PLANNER },
    },
    {
      name: 'planner-imports-no-cli',
      comment:
        'plan-solomon.ts and plan-lilim.ts (the command lines, which read files) are entry points: nothing in the planner imports them',
      severity: 'error',
      from: { path: PLANNER },
      to: { path: `${PLANNER}plan-(solomon|lilim)\\.ts$` },
    },
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
      name: 'api-seed-imports-only-deliveries',
      comment:
        "the seed (db/seed) writes deliveries the way the app does, so it may import modules/deliveries (the custody chain's hashes, so seeded chains verify, and the order-id format) and no other module",
      severity: 'error',
      from: { path: `${API}db/seed/`, pathNot: TESTS },
      to: { path: `${API}modules/`, pathNot: `${API}modules/deliveries/` },
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
      comment: 'shared code (components/, hooks/, lib/, config/, domain/) depends on neither app/ nor a feature',
      severity: 'error',
      from: { path: `${WEB}(components|hooks|lib|config|domain)/` },
      to: { path: `${WEB}(app|features)/` },
    },
    {
      name: 'web-generic-imports-no-domain',
      comment: 'the UI kit, hooks, lib/ and config/ know no courier domain: domain/ builds on them, not the reverse',
      severity: 'error',
      from: { path: `${WEB}(components|hooks|lib|config)/` },
      to: { path: `${WEB}domain/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules is not followed, but stays visible: the planner's rule must see an npm package imported.
    // `npm run lint` repeats this on its command line, with the boundary tests' short-lived probe folders added.
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    // The web's @/ alias; the API's imports are relative.
    tsConfig: { fileName: require('node:path').join(__dirname, 'tsconfig.depcruise.json') },
  },
};
