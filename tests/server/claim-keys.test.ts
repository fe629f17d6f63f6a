/**
 * The claim's keys are the same for every save of one sign-in, so each is computed once per
 * sign-in rather than per request; an identity other than the remembered one is never answered
 * with the remembered key.
 */
import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { draftKeyOf, submissionKey } from '../../server/claims/claim-keys.js';

const app = (): Pick<FastifyInstance, 'sessions'> & { signed: ReturnType<typeof vi.fn> } => {
  const signed = vi.fn((purpose: string, value: string) => `${purpose}:${value}`);
  return { signed, sessions: { sign: signed, joinTransactions: true, idleTimeoutMs: 1, csrfToken: () => '', ensure: vi.fn(), read: vi.fn(), save: vi.fn(), rotate: vi.fn(), keepAlive: vi.fn(), destroy: vi.fn() } };
};

describe('claim keys', () => {
  it('signs an identity once per sign-in, and never answers another identity with it', () => {
    const server = app();
    const maria = { id: 'sign-in-1', vin: '5EXMA1B20HC000101', noticeId: 'EXM-100001' };
    const first = draftKeyOf(server, 'Automotive', maria);
    expect(draftKeyOf(server, 'Automotive', { ...maria })).toEqual(first);
    expect(draftKeyOf(server, 'Exclusion', { ...maria }).claimantKey).toBe(first.claimantKey);
    expect(server.signed).toHaveBeenCalledTimes(1);
    // The same id naming another identity (never issued so) gets that identity's own key.
    const other = draftKeyOf(server, 'Automotive', { ...maria, noticeId: 'EXM-100002' });
    expect(other.claimantKey).toBe('draft:noticeId:EXM-100002');
    // A VIN's claim is its authorization's own.
    expect(draftKeyOf(server, 'Automotive', { id: 'sign-in-2', vin: '5EXMA1B20JC000202', noticeId: '' }).claimantKey).toBe('draft:vin:5EXMA1B20JC000202.sign-in-2');
  });

  it('answers the same submission key for one sign-in and form, another for another form', () => {
    const key = submissionKey('Automotive', { id: 'sign-in-3' });
    expect(submissionKey('Automotive', { id: 'sign-in-3' })).toBe(key);
    expect(submissionKey('Exclusion', { id: 'sign-in-3' })).not.toBe(key);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
  });
});
