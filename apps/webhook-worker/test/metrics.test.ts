import { createMetrics } from '@dp/core';
import { metricValue } from '@dp/testing';
import { createWorker } from '../src/worker';
import { emit, LOCAL_RECEIVERS, newWebhook, useWorkerFixture, workerConfig } from './helpers';

const fx = useWorkerFixture();

describe('webhook worker metrics', () => {
  it('reports the outbox depth and oldest pending age at each scrape, and deliveries by outcome', async () => {
    await newWebhook(fx.db, fx.receiver.url('/hook'));
    await emit(fx.db, 2);
    const metrics = createMetrics('webhook-worker', { processMetrics: false });
    const worker = createWorker({ db: fx.db, config: workerConfig(LOCAL_RECEIVERS), metrics, batchSize: 1 });

    let text = (await metrics.scrape()).body;
    expect(metricValue(text, 'dp_webhook_outbox_pending', { app: 'webhook-worker' })).toBe(2);
    expect(metricValue(text, 'dp_webhook_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);

    expect((await worker.runOnce()).delivered).toBe(1);
    fx.receiver.respond = () => ({ status: 500 });
    expect((await worker.runOnce()).retrying).toBe(1);

    text = (await metrics.scrape()).body;
    expect(metricValue(text, 'dp_webhook_outbox_pending')).toBe(1);
    expect(metricValue(text, 'dp_webhook_deliveries_total', { outcome: 'delivered' })).toBe(1);
    expect(metricValue(text, 'dp_webhook_deliveries_total', { outcome: 'retrying' })).toBe(1);
    await worker.stop();
  });
});
