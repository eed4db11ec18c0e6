/**
 * Account helpers for the auth and account-settings journeys: fresh customers (so a changed password or a
 * deleted account never touches the seeded demo accounts other journeys sign in with), and sign-in through
 * the login page.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { MailSink } from '../../fixtures/index.js';

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  accountType: 'health_care_provider' | 'medical_laboratory' | 'pharmacy' | 'hospital_clinic';
  password: string;
}

let counter = 0;

/** A customer nobody has registered yet: a unique e-mail per call. */
export function newPerson(label: string): Person {
  counter += 1;
  const unique = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    firstName: 'Avery',
    lastName: 'Quinn',
    email: `${label}-${unique}@clinic.example`,
    phone: '+1 617 555 0134',
    address: '55 Fruit St, Boston, MA 02114',
    accountType: 'medical_laboratory',
    password: 'Specimen#2026',
  };
}

/** The verification link of the sign-up e-mail (it points at /auth/verify-email?token=…). */
export async function verificationLink(mail: MailSink, email: string): Promise<string> {
  const message = await mail.waitFor({ to: email, subject: /verify/i });
  const link = message.links.find((href) => href.includes('/auth/verify-email?token='));
  expect(link, `a verification link in: ${message.text}`).toBeTruthy();
  return link as string;
}

/** Registers through the API, without verifying the e-mail. */
export async function registerUnverified(request: APIRequestContext, person: Person): Promise<void> {
  const response = await request.post('/api/v1/auth/register', { data: person });
  expect(response.status(), await response.text()).toBe(201);
}

/** Registers through the API and follows the e-mailed verification link, ready to sign in. */
export async function registerVerified(request: APIRequestContext, mail: MailSink, person: Person): Promise<void> {
  await registerUnverified(request, person);
  const token = new URL(await verificationLink(mail, person.email)).searchParams.get('token');
  const response = await request.get('/api/v1/auth/verify-email', { params: { token: token ?? '' } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Fills and sends the login form (no waiting for the outcome). */
export async function submitLogin(page: Page, email: string, password: string, { remember = false } = {}): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the login page and waits for the customer landing page. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(/\/user\/home$/);
}

/** A toast with this exact text (react-toastify, top right). */
export const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify').getByText(text);
