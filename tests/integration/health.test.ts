import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabaseKind, type TestApp } from './helpers/app';

describe('[health] GET /v1/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ROLE: 'all' });
  });
  afterAll(() => t.close());

  it('reports the database and the job queue up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      code: 0,
      data: { status: 'up', database: { status: 'up', kind: testDatabaseKind }, queue: { status: 'up' } },
    });
  });

  it('shows the heartbeat job ran, proving a worker takes jobs off the queue', async () => {
    let lastHeartbeatAt: string | null = null;
    for (let i = 0; i < 40 && !lastHeartbeatAt; i++) {
      lastHeartbeatAt = (await t.app.inject({ method: 'GET', url: '/v1/health' })).json().data.queue.lastHeartbeatAt;
      if (!lastHeartbeatAt) await new Promise((r) => setTimeout(r, 250));
    }
    expect(lastHeartbeatAt).not.toBeNull();
    expect(Number.isNaN(Date.parse(lastHeartbeatAt!))).toBe(false);
  });

  it('answers with a request id header so a log line can be found', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
