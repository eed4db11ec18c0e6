import { chromium } from '@playwright/test';
import { CHROMIUM, SUITE_CHROMIUM_ARGS } from './fixtures/chromium.js';
import { startServer } from './fixtures/server.js';

const server = await startServer({ label: 'pay-look', env: { TRUST_PROXY: 'true' } });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: SUITE_CHROMIUM_ARGS });
try {
  const login = async (role: string, viewport: { width: number; height: number }) => {
    const acc = server.accounts.find((a) => a.role === role)!;
    const res = await fetch(`${server.baseURL}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: acc.email, password: acc.password }) });
    const data = (await res.json()).data;
    const ctx = await browser.newContext({ viewport, timezoneId: 'America/New_York', baseURL: server.baseURL });
    await ctx.addInitScript(([token, refresh, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('refreshToken', refresh);
      localStorage.setItem('user', user);
    }, [data.token, data.refreshToken, JSON.stringify(data.user)]);
    return ctx.newPage();
  };
  for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1366, height: 900 }]] as const) {
    const driver = await login('DRIVER', viewport);
    await driver.goto('/driver/earnings');
    await driver.getByRole('heading', { name: 'Earnings' }).waitFor();
    await driver.waitForTimeout(1500);
    const wide = await driver.evaluate(() => {
      const out: string[] = [`scrollWidth ${document.documentElement.scrollWidth}`];
      for (const el of document.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        if (r.right > window.innerWidth + 1) out.push(`${el.tagName}.${(el.className || '').toString().slice(0, 60)} right=${Math.round(r.right)}`);
      }
      return out.slice(0, 12);
    });
    console.log(name, 'earnings', wide.join('\n  '));
    await driver.screenshot({ path: `/tmp/h-pay-shots/earnings-${name}.png`, fullPage: true });
    const admin = await login(server.accounts.find((a) => a.role === 'ADMIN') ? 'ADMIN' : 'SUPER_ADMIN', viewport);
    for (const [page, path] of [['driver-pay', '/admin/driver-pay'], ['settlements', '/admin/settlements']]) {
      await admin.goto(path);
      await admin.getByRole('heading', { level: 1 }).waitFor();
      if (page === 'driver-pay') {
        const first = await admin.locator('#pay-driver option').nth(2).getAttribute('value');
        await admin.selectOption('#pay-driver', first!);
        await admin.getByText('Save pay rule').waitFor();
      }
      await admin.waitForTimeout(1500);
      const sw = await admin.evaluate(() => document.documentElement.scrollWidth);
      console.log(name, page, 'scrollWidth', sw);
      await admin.screenshot({ path: `/tmp/h-pay-shots/${page}-${name}.png`, fullPage: true });
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
