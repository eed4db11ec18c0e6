/**
 * What a first visit costs: the JavaScript the landing page loads (gzip, as Chromium fetched it) and
 * Lighthouse's mobile scores for / and /tracking, in the Chromium the browser suite uses.
 */
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/fixtures/chromium.js';

/** Every script the page loads until the network is idle, each gzipped at level 9 (what a server would send). */
export async function landingJavaScript(baseURL: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const scripts: { url: string; gzip: number }[] = [];
    // Bodies are read as responses arrive and all awaited before the browser closes (a busy machine is slow).
    const reading: Promise<void>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      reading.push(
        res.body().then((body) => {
          scripts.push({ url: new URL(res.url()).pathname, gzip: gzipSync(body, { level: 9 }).length });
        }),
      );
    });
    await page.goto(`${baseURL}/`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    await Promise.all(reading);
    return { scripts, gzip: scripts.reduce((sum, s) => sum + s.gzip, 0) };
  } finally {
    await browser.close();
  }
}

export interface LighthouseScores {
  path: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
}

/** Lighthouse's default (mobile, simulated throttling) run of each path. */
export async function lighthouseScores(baseURL: string, paths: string[]): Promise<LighthouseScores[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    const scores: LighthouseScores[] = [];
    for (const path of paths) {
      const result = await lighthouse(`${baseURL}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      const lhr = result?.lhr;
      scores.push({
        path,
        performance: lhr?.categories.performance?.score ?? null,
        accessibility: lhr?.categories.accessibility?.score ?? null,
        bestPractices: lhr?.categories['best-practices']?.score ?? null,
        lcpMs: lhr?.audits['largest-contentful-paint']?.numericValue ?? null,
        tbtMs: lhr?.audits['total-blocking-time']?.numericValue ?? null,
      });
    }
    return scores;
  } finally {
    chrome.kill();
  }
}
