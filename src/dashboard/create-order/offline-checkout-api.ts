import { call } from '@/api/client';
import type { OfflineSession } from '@/shared/contracts/checkout';

/** The offline checkout's summary, with the effect of a coupon code; rejects with the server's reason for a bad code. */
export async function getOfflineSession(clientSecret: string, couponCode?: string): Promise<OfflineSession> {
  const { data } = await call('offlineSession', couponCode ? { clientSecret, couponCode } : { clientSecret });
  return data;
}

/** Pays the offline checkout (test mode: no money moves), which fulfils the order. */
export async function payOffline(clientSecret: string, couponCode?: string): Promise<{ orderId: string }> {
  const { data } = await call('offlinePay', couponCode ? { clientSecret, couponCode } : { clientSecret });
  return data;
}
