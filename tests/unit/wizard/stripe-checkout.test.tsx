// @vitest-environment happy-dom
import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StripeCheckout } from '@/dashboard/create-order/stripe-checkout';
import { WithI18n } from '../dashboard/helpers';

const embedded = { mount: vi.fn(), unmount: vi.fn(), destroy: vi.fn() };
let options: { clientSecret?: string; onComplete?: () => void } = {};
const createEmbeddedCheckoutPage = vi.fn(async (o: typeof options) => {
  options = o;
  return embedded;
});
const loadStripe = vi.fn(async (_key: string) => ({ createEmbeddedCheckoutPage }));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: (key: string) => loadStripe(key) }));

describe('[wizard] the embedded Stripe checkout', () => {
  it('mounts the embedded checkout with the client secret, and destroys it when unmounted', async () => {
    const { container, unmount } = render(
      <WithI18n>
        <StripeCheckout publishableKey="pk_test_1" clientSecret="cs_test_1" onComplete={() => {}} />
      </WithI18n>,
    );
    await waitFor(() => expect(embedded.mount).toHaveBeenCalledTimes(1));
    expect(loadStripe).toHaveBeenCalledWith('pk_test_1');
    expect(options.clientSecret).toBe('cs_test_1');
    expect(container.contains(embedded.mount.mock.calls[0]![0] as Node)).toBe(true);
    expect(embedded.destroy).not.toHaveBeenCalled();
    unmount();
    expect(embedded.destroy).toHaveBeenCalledTimes(1);
  });

  it('reports completion to the latest callback', async () => {
    const first = vi.fn();
    const latest = vi.fn();
    const { rerender } = render(
      <WithI18n>
        <StripeCheckout publishableKey="pk_test_1" clientSecret="cs_test_2" onComplete={first} />
      </WithI18n>,
    );
    await waitFor(() => expect(embedded.mount).toHaveBeenCalled());
    rerender(
      <WithI18n>
        <StripeCheckout publishableKey="pk_test_1" clientSecret="cs_test_2" onComplete={latest} />
      </WithI18n>,
    );
    act(() => options.onComplete!());
    expect(latest).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
    expect(createEmbeddedCheckoutPage).toHaveBeenCalledTimes(1);
  });

  it('destroys a checkout that arrives after the dialog was closed, without mounting it', async () => {
    let release!: () => void;
    createEmbeddedCheckoutPage.mockImplementationOnce(async (o) => {
      options = o;
      await new Promise<void>((r) => (release = r));
      return embedded;
    });
    const { unmount } = render(
      <WithI18n>
        <StripeCheckout publishableKey="pk_test_1" clientSecret="cs_test_3" onComplete={() => {}} />
      </WithI18n>,
    );
    await waitFor(() => expect(createEmbeddedCheckoutPage).toHaveBeenCalled());
    unmount();
    release();
    await waitFor(() => expect(embedded.destroy).toHaveBeenCalledTimes(1));
    expect(embedded.mount).not.toHaveBeenCalled();
  });
});
