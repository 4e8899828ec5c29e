import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { ConfigError, loadConfig } from '../../../config/env';
import {
  DEFAULT_WEBHOOK_RETRY_SECONDS,
  deliverySchedule,
  isWebhookSecret,
  parseRetrySchedule,
  webhookEvent,
  webhookEventType,
  webhookMessageId,
} from '../../../core/webhook';
import { newWebhookSecret } from '../../../store/accounts';

const endedAt = new Date('2026-03-10T12:00:00.000Z');

describe('webhookEvent', () => {
  it.each([
    {
      name: 'a complete scan carries its score and grade, no detail',
      scan: { scan_id: 'scn_1', status: 'complete', score: 72, grade: 'B-', detail: 'ignored' },
      event: { type: 'scan.completed', timestamp: '2026-03-10T12:00:00.000Z', data: { scan_id: 'scn_1', status: 'complete', score: 72, grade: 'B-' } },
    },
    {
      name: 'a failed scan carries its detail, no score',
      scan: { scan_id: 'scn_2', status: 'error', detail: 'the file is not a video Holdline can read', score: 10 },
      event: {
        type: 'scan.failed',
        timestamp: '2026-03-10T12:00:00.000Z',
        data: { scan_id: 'scn_2', status: 'error', detail: 'the file is not a video Holdline can read' },
      },
    },
    {
      name: 'a failed scan without a detail gets a plain one',
      scan: { scan_id: 'scn_3', status: 'error' },
      event: { type: 'scan.failed', timestamp: '2026-03-10T12:00:00.000Z', data: { scan_id: 'scn_3', status: 'error', detail: 'the scan failed' } },
    },
    {
      name: 'a complete scan missing its figures leaves them out rather than sending null',
      scan: { scan_id: 'scn_4', status: 'complete' },
      event: { type: 'scan.completed', timestamp: '2026-03-10T12:00:00.000Z', data: { scan_id: 'scn_4', status: 'complete' } },
    },
  ])('$name', ({ scan, event }) => {
    const type = webhookEventType(scan.status);
    expect(webhookEvent(scan, type, endedAt)).toEqual(event);
  });

  it('names the event by status: complete is scan.completed, anything else scan.failed', () => {
    expect(['complete', 'error', 'queued'].map(webhookEventType)).toEqual(['scan.completed', 'scan.failed', 'scan.failed']);
  });

  it('the message id is one per scan and event type, the same on every attempt', () => {
    expect(webhookMessageId('scn_abc', 'scan.completed')).toBe('msg_scn_abc_scan.completed');
    expect(webhookMessageId('scn_abc', 'scan.failed')).toBe('msg_scn_abc_scan.failed');
  });
});

describe('deliverySchedule', () => {
  it.each([
    {
      name: 'the default (Standard Webhooks) loses its last 10 h step, which would start at 27.6 h',
      delays: [...DEFAULT_WEBHOOK_RETRY_SECONDS],
      kept: [0, 5, 300, 1800, 7200, 18000, 36000],
    },
    { name: 'an attempt starting exactly at 24 h stays', delays: [0, 86400], kept: [0, 86400] },
    { name: 'one second past 24 h is cut, and everything after it', delays: [0, 86399, 2, 1], kept: [0, 86399] },
    { name: 'the first attempt always stays', delays: [10], kept: [10] },
    { name: 'short test schedules are kept whole', delays: [0, 1, 1], kept: [0, 1, 1] },
    { name: 'an empty schedule stays empty', delays: [], kept: [] },
  ])('$name', ({ delays, kept }) => {
    expect(deliverySchedule(delays)).toEqual(kept);
  });

  it('honours another window', () => {
    expect(deliverySchedule([0, 5, 5, 5], 10)).toEqual([0, 5, 5]);
  });
});

describe('parseRetrySchedule (HOLDLINE_WEBHOOK_RETRY_SECONDS)', () => {
  it.each([
    { raw: '0,5,300', result: { ok: true, delaysSec: [0, 5, 300] } },
    { raw: ' 0 , 1 ,1 ', result: { ok: true, delaysSec: [0, 1, 1] } },
    { raw: '0,86400,1', result: { ok: true, delaysSec: [0, 86400] } },
    { raw: '', result: { ok: false } },
    { raw: '0,,5', result: { ok: false } },
    { raw: '0,-5', result: { ok: false } },
    { raw: '0,1.5', result: { ok: false } },
    { raw: '0,86401', result: { ok: false } },
    { raw: '0,5s', result: { ok: false } },
    { raw: Array(21).fill('1').join(','), result: { ok: false } },
  ])('"$raw"', ({ raw, result }) => {
    expect(parseRetrySchedule(raw)).toMatchObject(result);
  });

  it('the config parses it and refuses a bad one with the variable named', () => {
    expect(loadConfig({}).webhookRetrySeconds).toEqual([0, 5, 300, 1800, 7200, 18000, 36000]);
    expect(loadConfig({ HOLDLINE_WEBHOOK_RETRY_SECONDS: '0,2,2' }).webhookRetrySeconds).toEqual([0, 2, 2]);
    expect(() => loadConfig({ HOLDLINE_WEBHOOK_RETRY_SECONDS: '0,soon' })).toThrow(ConfigError);
    expect(() => loadConfig({ HOLDLINE_WEBHOOK_RETRY_SECONDS: '0,soon' })).toThrow(/HOLDLINE_WEBHOOK_RETRY_SECONDS "soon" is not a whole number/);
  });
});

describe('webhook secrets', () => {
  it('a new secret is whsec_ and 24 random bytes in base64, which standardwebhooks reads and verifies with', () => {
    const secret = newWebhookSecret();
    expect(isWebhookSecret(secret)).toBe(true);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(24);
    expect(newWebhookSecret()).not.toBe(secret);
    const body = JSON.stringify(webhookEvent({ scan_id: 'scn_1', status: 'complete', score: 50, grade: 'C' }, 'scan.completed', endedAt));
    const now = new Date();
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign('msg_1', now, body),
    };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow(/No matching signature/);
  });

  it.each([
    ['whsec_' + 'A'.repeat(32), true],
    ['whsec_' + 'A'.repeat(30) + '==', false],
    ['whsec_' + 'A'.repeat(31), false],
    ['sk_sig_' + 'A'.repeat(40), false],
    [undefined, false],
  ])('isWebhookSecret(%s) is %s', (secret, ok) => {
    expect(isWebhookSecret(secret)).toBe(ok);
  });
});
