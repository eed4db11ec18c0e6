import { COMPANY } from '@courier/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerAccount } from '@/testing/fixtures';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';
import { setSession } from '@/lib/session';
import { TESTIMONIALS } from '../testimonials';

const stubQuietApi = () => stubApi((url) => json(200, url.includes('notifications') ? [] : { success: true, data: {} }));

afterEach(() => vi.unstubAllGlobals());

describe('the landing page', () => {
  it('offers a visitor sign-up, sign-in and tracking, and every section with a way to reach the office', async () => {
    stubQuietApi();
    renderRoute('/');
    const hero = await screen.findByRole('region', { name: /Delivering trust, speed/ }, slow);
    expect(within(hero).getByRole('link', { name: 'SIGN UP NOW' })).toHaveAttribute('href', '/auth/signup');
    expect(within(hero).getByRole('link', { name: 'SIGN IN' })).toHaveAttribute('href', '/auth/login');
    expect(within(hero).getByRole('link', { name: 'Track a Package' })).toHaveAttribute('href', '/tracking');
    for (const title of [
      'From request to signature, every step on record',
      'Courier services built around patient care',
      'A courier that works like part of your care team',
      'Talk to a dispatcher, not a call tree',
    ]) {
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    }
    const contact = screen.getByRole('region', { name: 'Talk to a dispatcher, not a call tree' });
    expect(within(contact).getByRole('link', { name: COMPANY.phone })).toHaveAttribute(
      'href',
      `tel:${COMPANY.phone.replace(/[^\d+]/g, '')}`,
    );
    expect(within(contact).getByRole('link', { name: COMPANY.email })).toHaveAttribute('href', `mailto:${COMPANY.email}`);
    expect(screen.getByRole('link', { name: 'Request a Delivery now' })).toHaveAttribute('href', '/order-delivery');
  }, 20_000);

  it('gives a signed-in customer one Account button instead of sign-up and sign-in', async () => {
    setSession({ token: 't', refreshToken: 'r', user: customerAccount });
    stubQuietApi();
    renderRoute('/');
    const hero = await screen.findByRole('region', { name: /Delivering trust, speed/ }, slow);
    expect(within(hero).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/user/home');
    expect(within(hero).queryByRole('link', { name: 'SIGN UP NOW' })).toBeNull();
    expect(within(hero).queryByRole('link', { name: 'SIGN IN' })).toBeNull();
  }, 20_000);

  it('shows one testimonial at a time, chosen by its dot', async () => {
    stubQuietApi();
    renderRoute('/');
    const carousel = await screen.findByRole('region', { name: 'What our customers say' }, slow);
    expect(within(carousel).getByText(TESTIMONIALS[0].name)).toBeVisible();
    fireEvent.click(within(carousel).getByRole('button', { name: `Show testimonial 3 of ${TESTIMONIALS.length}` }));
    expect(within(carousel).getByText(TESTIMONIALS[2].name)).toBeVisible();
    expect(within(carousel).queryByText(TESTIMONIALS[0].name)).toBeNull();
  }, 20_000);
});
