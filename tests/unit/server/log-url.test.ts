import { describe, expect, it } from 'vitest';
import { maskedUrl } from '@/server/http/log-url';

describe('[log] secrets in request URLs', () => {
  it('masks every bearer parameter, and keeps the rest of the URL readable', () => {
    expect(maskedUrl('/login/verify?token=abc123')).toBe('/login/verify?token=***');
    expect(maskedUrl('/dashboard/giftcards?redeem=GIFT-AAAA-BBBB-CCCC-DDDD-EEEE&lang=fr')).toBe('/dashboard/giftcards?redeem=***&lang=fr');
    expect(maskedUrl('/dashboard/team/join?invitation=tok_1')).toBe('/dashboard/team/join?invitation=***');
    expect(maskedUrl('/dashboard/team/join?admin=tok_3')).toBe('/dashboard/team/join?admin=***');
    expect(maskedUrl('/dashboard/team/join?x=1&link=tok_2#top')).toBe('/dashboard/team/join?x=1&link=***#top');
    expect(maskedUrl('/v1/image/get/o/1?size=thumb&t=sig')).toBe('/v1/image/get/o/1?size=thumb&t=***');
    expect(maskedUrl('/v1/oauth/callback?code=c&state=s')).toBe('/v1/oauth/callback?code=***&state=***');
  });

  it('masks a secret inside an encoded redirectURL, encoded once or twice', () => {
    const once = `/login?redirectURL=${encodeURIComponent('/dashboard/giftcards?redeem=GIFT-SECRET&x=1')}`;
    expect(maskedUrl(once)).toBe('/login?redirectURL=%2Fdashboard%2Fgiftcards%3Fredeem%3D***%26x%3D1');
    const twice = `/login?redirectURL=${encodeURIComponent(encodeURIComponent('/dashboard/team/join?invitation=SECRET'))}`;
    expect(maskedUrl(twice)).not.toContain('SECRET');
    expect(maskedUrl('/x?redirectURL=%2Fa%3Flink%3DSECRET')).toBe('/x?redirectURL=%2Fa%3Flink%3D***');
  });

  it('leaves parameters that only look like secrets alone', () => {
    expect(maskedUrl('/v1/image/get/o/1?format=jpg&theme=dark')).toBe('/v1/image/get/o/1?format=jpg&theme=dark');
    expect(maskedUrl('/dashboard/myOrders?linked=1')).toBe('/dashboard/myOrders?linked=1');
    expect(maskedUrl('/v1/operator/teams?administered=1')).toBe('/v1/operator/teams?administered=1');
  });
});
