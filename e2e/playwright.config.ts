import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { CHROMIUM, SUITE_CHROMIUM_ARGS } from './fixtures/chromium.js';

if (!existsSync(CHROMIUM)) {
  throw new Error(`Chromium is missing at ${CHROMIUM}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
}

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // Each worker starts its own server and browser; two cores fit one of each.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: './playwright-report', open: 'never' }]],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM,
      args: SUITE_CHROMIUM_ARGS,
    },
    locale: 'en-US',
    timezoneId: 'America/New_York',
    // A service worker would answer from its precache and hide requests from page.route; journeys opt in.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
  },
});
