/**
 * A submit runs each field's rules once: the pages run those of the fields they show, the model
 * pass those of the others (server/claims/validate.ts). Counted through the rule adapters the
 * validation is given (the real ones, each call counted), on the claims the flow fixtures submit,
 * with the same verdict as before: accepted as sent, and a wrong answer refused in the page's words.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleAdapters, type RuleAdapter, type RuleContext } from '../../runtime/core/rules/index.js';
import type { SubmissionPayload } from '../../runtime/core/types.js';
import { validateSubmission } from '../../server/claims/validate.js';
import { loadFixture, loadSettlement } from '../../tooling/fixtures/fixture.js';
import { playHeadless } from '../../tooling/fixtures/headless.js';
import { ROOT } from './helper.js';

/** The registry with every adapter's calls counted by field, rule and the answers it read. */
function countingAdapters(): { adapters: Readonly<Record<string, RuleAdapter>>; counts: Map<string, number> } {
  const counts = new Map<string, number>();
  const adapters: Record<string, RuleAdapter> = {};
  for (const [type, adapter] of Object.entries(ruleAdapters)) {
    adapters[type] = {
      ...adapter,
      validate(value, rule, ctx: RuleContext, options) {
        const key = `${options.field} ${JSON.stringify(rule)} ${JSON.stringify(ctx.scope.own ?? null)}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
        return adapter.validate(value, rule, ctx, options);
      },
    };
  }
  return { adapters, counts };
}

describe('each field’s rules run once per submit', () => {
  const loaded = loadFixture(path.join(ROOT, 'tests/flows/automotive-expenses-true.fixture.json'));
  const settlement = loadSettlement(loaded);
  const flow = settlement.flows[loaded.fixture.formType];
  const validate = (payload: SubmissionPayload, adapters?: Readonly<Record<string, RuleAdapter>>) =>
    validateSubmission({
      formType: loaded.fixture.formType,
      ...(flow ? { flow } : {}),
      settings: settlement.settings,
      payload,
      models: settlement.models.filter((m) => m.metadata.formType === loaded.fixture.formType && !!flow?.models.includes(m.metadata.dtoMapping)),
      whitelist: settlement.whitelist ?? '',
      now: new Date(loaded.fixture.now),
      text: (key) => settlement.locales.en?.[key],
      ...(adapters ? { adapters } : {}),
    });

  it('the Automotive claim: every rule of every field is asked once, and the claim passes as sent', async () => {
    const { submissions } = await playHeadless(loaded, settlement);
    const payload = submissions[0];
    expect(payload).toBeDefined();
    if (!payload) return;
    const { adapters, counts } = countingAdapters();
    const problems = validate(payload, adapters);
    expect({ structure: problems.structure, fields: problems.fields }).toEqual({ structure: [], fields: [] });
    expect(problems.payload).toEqual(payload);
    expect(counts.size).toBeGreaterThan(10);
    const twice = [...counts].filter(([, n]) => n > 1).map(([key]) => key);
    expect(twice).toEqual([]);
  });

  it('a wrong answer on a page is refused once, in the page’s words, as with the registry itself', async () => {
    const { submissions } = await playHeadless(loaded, settlement);
    const payload = submissions[0];
    if (!payload?.claimantInfo) throw new Error('The fixture submits no claimant info.');
    const wrong: SubmissionPayload = { ...payload, claimantInfo: { ...payload.claimantInfo, fields: { ...payload.claimantInfo.fields, emailAddress: 'not an address' } } };
    const { adapters, counts } = countingAdapters();
    const counted = validate(wrong, adapters);
    expect(counted.fields).toEqual([
      'Your Contact Information — E-mail address: Enter a valid e-mail address.',
      'Review and Sign — Confirm your e-mail address: The e-mail addresses do not match.',
    ]);
    expect(counted).toEqual(validate(wrong));
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
  });
});
