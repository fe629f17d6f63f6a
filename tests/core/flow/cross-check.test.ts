import { describe, expect, it } from 'vitest';
import { checkFlow, checkFlowSet, checkLocaleKeySets, unaskedRequiredFields } from '../../../runtime/core/flow/cross-check';
import { secretFields } from '../../../runtime/core/flow/secrets';
import type { FlowFile } from '../../../runtime/core/types';
import { copy, shippedFlow, shippedModels } from './helpers';

describe('checkFlow', () => {
  it('rejects condition keywords outside the supported subset (for flows built in code)', () => {
    const flow = copy(shippedFlow('automotive'));
    (flow.pages[4]!.skipWhen as unknown as { schema: Record<string, unknown> }).schema = { const: 'true', minimum: 1 };
    expect(checkFlow(flow, 'f.json', { models: shippedModels() })).toEqual([
      expect.objectContaining({ pointer: '/pages/4/skipWhen/schema/minimum', message: 'unsupported condition keyword "minimum"' }),
    ]);
  });

  it("skips a page only on an answer given once, on an earlier page, that is not a secret", () => {
    const skippedOn = (scope: string, schema: object) => {
      const flow = copy(shippedFlow('automotive'));
      const denials = flow.pages.findIndex((p) => p.id === 'denials');
      flow.pages[denials]!.skipWhen = { scope, schema };
      return checkFlow(flow, 'f.json', { models: shippedModels() }).filter((i) => i.pointer === `/pages/${denials}/skipWhen/scope`).map((i) => i.message);
    };
    expect(skippedOn('claimTransactions.facilityName', { const: 'Bay Auto Care' })).toEqual([
      'the page "denials" is skipped on "claimTransactions.facilityName", a field of the records of ClaimTransactions: a claim has any number of them',
    ]);
    expect(skippedOn('credentials.pin', { const: '482913' })).toEqual([
      'the page "denials" is skipped on "credentials.pin", which is secret: the claim in progress does not keep it, so a reload or a resume would skip differently',
    ]);
    expect(skippedOn('signature.attestation', { const: true })).toEqual([
      'the page "denials" is skipped on "signature.attestation", which is asked on the later page "claim-summary": it has no answer yet when the page comes',
    ]);
    expect(skippedOn('claimDetails.didIncurOutOfPocketExpensesPriorToSeptember', { const: 'true' })).toEqual([]);
  });

  it('refuses two blocks of one page with the same id, which a patch could not tell apart', () => {
    const flow = copy(shippedFlow('automotive'));
    const start = flow.pages.findIndex((p) => p.id === 'start');
    const blocks = flow.pages[start]!.blocks;
    const intro = blocks.findIndex((b) => b.id === 'intro');
    const second = blocks.findIndex((b, i) => i !== intro && b.block !== 'captcha');
    blocks[second]!.id = 'intro';
    expect(checkFlow(flow, 'f.json', { models: shippedModels() }).map((i) => [i.pointer, i.message])).toEqual([
      [`/pages/${start}/blocks/${Math.max(intro, second)}/id`, `block id "intro" is already used on this page at /pages/${start}/blocks/${Math.min(intro, second)}`],
    ]);
  });

  it('refuses a field asked twice on one page (two inputs, one answer, one id), in a block or beside an address block', () => {
    const flow = copy(shippedFlow('automotive'));
    const page = flow.pages.findIndex((p) => p.id === 'claimant-info');
    const blocks = flow.pages[page]!.blocks;
    const names = blocks.findIndex((b) => b.block === 'model' && b.model === 'ClaimantInfo');
    const address = blocks.findIndex((b) => b.block === 'address');
    const block = blocks[names]!;
    if (block.block !== 'model') throw new Error('fixture moved');
    const count = block.fields.length;
    block.fields.push({ ...block.fields[0]! }, { key: 'mailingCity', widget: 'text', label: 'LocKey_ClaimantInfo_FirstName' });
    const at = `/pages/${page}/blocks/${names}/fields`;
    expect(checkFlow(flow, 'f.json', { models: shippedModels() }).map((i) => [i.pointer, i.message])).toEqual([
      [`${at}/${count}`, `the field "firstName" of ClaimantInfo is already asked on the page "claimant-info" at ${at}/0: its two inputs would share one answer and one id`],
      // The address block comes after the names: it is the second to ask for the city.
      [`/pages/${page}/blocks/${address}`, `the field "mailingCity" of ClaimantInfo is already asked on the page "claimant-info" at ${at}/${count + 1}: its two inputs would share one answer and one id`],
    ]);
  });

  it("refuses an option its field's own rules refuse: a claimant who chose it could not go on", () => {
    const flow = copy(shippedFlow('automotive'));
    const page = flow.pages.findIndex((p) => p.id === 'eligibility');
    const blocks = flow.pages[page]!.blocks;
    const b = blocks.findIndex((x) => x.block === 'model' && x.fields.some((f) => f.key === 'ownershipType'));
    const block = blocks[b]!;
    if (block.block !== 'model') throw new Error('fixture moved');
    const f = block.fields.findIndex((x) => x.key === 'ownershipType');
    const options = block.fields[f]!.options!;
    const lease = options.findIndex((o) => o.value === 'lease');
    options[lease] = { ...options[lease]!, value: 'leased' };
    const issues = checkFlow(flow, 'f.json', { models: shippedModels() });
    expect(issues.map((i) => i.pointer)).toEqual([`/pages/${page}/blocks/${b}/fields/${f}/options/${lease}/value`]);
    expect(issues[0]!.message).toMatch(/^the option "leased" of "ownershipType" is refused by its regularExpression rule at .*: a claimant who chooses it could not go on$/);
  });

  it('warns of a field its model requires that no page asks for (every claim stored without it); a file field writes its name, size and type', () => {
    expect(unaskedRequiredFields(shippedFlow('automotive'), 'f.json', { models: shippedModels() })).toEqual([]);
    const flow = copy(shippedFlow('automotive'));
    const page = flow.pages.findIndex((p) => p.id === 'claimant-info');
    const block = flow.pages[page]!.blocks.find((b) => b.block === 'model' && b.model === 'ClaimantInfo');
    if (block?.block !== 'model') throw new Error('fixture moved');
    block.fields = block.fields.filter((f) => f.key !== 'lastName');
    const warnings = unaskedRequiredFields(flow, 'f.json', { models: shippedModels() });
    expect(warnings.map((w) => [w.pointer, w.message.replace(/\(.*\)/, '(…)')])).toEqual([
      [`/models/${flow.models.indexOf('ClaimantInfo')}`, '"lastName" of ClaimantInfo is required (…), but no page of the flow asks for it: every claim would be stored without it'],
    ]);
    // Not an error: the flow still loads.
    expect(checkFlow(flow, 'f.json', { models: shippedModels() })).toEqual([]);
  });

  it("refuses a masked field's pattern written for the answer without the mask's characters: it would refuse every answer", () => {
    const models = shippedModels();
    const phone = models.find((m) => m.metadata.formType === 'Automotive' && m.metadata.dtoMapping === 'ClaimantInfo')!.fields.phoneNumber!;
    phone.validations.push({ type: 'regularExpression', pattern: '^\\d{10}$' });
    const issues = checkFlow(shippedFlow('automotive'), 'f.json', { models });
    expect(issues.map((i) => i.message)).toEqual([
      expect.stringMatching(/^"phoneNumber": the phoneUS mask stores answers as "\(555\) 555-5555", and the regularExpression rule at .* takes them only without its characters \("5555555555"\): it would refuse every answer$/),
    ]);
    // Written for what the mask shows, it passes.
    phone.validations[phone.validations.length - 1] = { type: 'regularExpression', pattern: '^\\(\\d{3}\\) \\d{3}-\\d{4}$' };
    expect(checkFlow(shippedFlow('automotive'), 'f.json', { models })).toEqual([]);
  });

  it('refuses a skip condition on the one page that signs in or submits: claimants it holds for could never sign in or submit', () => {
    const flow = copy(shippedFlow('automotive'));
    const summary = flow.pages.findIndex((p) => p.action === 'submit');
    flow.pages[summary]!.skipWhen = { scope: 'claimDetails.ownershipType', schema: { const: 'lease' } };
    expect(checkFlow(flow, 'f.json', { models: shippedModels() }).map((i) => [i.pointer, i.message])).toEqual([
      [`/pages/${summary}/skipWhen`, `the page "${flow.pages[summary]!.id}" has the action submit and a skip condition, and no other page of the flow does: claimants it holds for could never submit the claim`],
    ]);
    // A second submit page for the claimants the first is skipped for: each serves its own.
    flow.pages.splice(summary + 1, 0, { ...copy(flow.pages[summary]!), id: 'lease-summary', path: '/automotive/lease-summary', skipWhen: { not: { scope: 'claimDetails.ownershipType', schema: { const: 'lease' } } } });
    expect(checkFlow(flow, 'f.json', { models: shippedModels() }).filter((i) => i.pointer.endsWith('/skipWhen'))).toEqual([]);
  });

  it("refuses a summary group's Edit link to a page out of the flow, or to one that asks none of its answers", () => {
    const flow = copy(shippedFlow('automotive'));
    const p = flow.pages.findIndex((pg) => pg.action === 'submit');
    const b = flow.pages[p]!.blocks.findIndex((blk) => blk.block === 'summary');
    const block = flow.pages[p]!.blocks[b]!;
    if (block.block !== 'summary') throw new Error('fixture moved');
    const g = block.groups.findIndex((group) => group.model === 'ClaimantInfo');
    const at = `/pages/${p}/blocks/${b}/groups/${g}/editPage`;
    const issuesAt = () => checkFlow(flow, 'f.json', { models: shippedModels() }).filter((i) => i.pointer === at).map((i) => [i.message, i.hint]);
    expect(issuesAt()).toEqual([]);
    block.groups[g]!.editPage = 'payment-election';
    expect(issuesAt()).toEqual([['editPage "payment-election" is not in the flow: the group\'s Edit link would leave the claim', 'link "claimant-info", which asks them']]);
    block.groups[g]!.editPage = 'eligibility';
    expect(issuesAt()).toEqual([['editPage "eligibility" asks none of the group\'s answers: its Edit link would open a page where they cannot be changed', 'link "claimant-info", which asks them']]);
  });

  it('asks page-level conditions to name their model', () => {
    const flow = copy(shippedFlow('automotive'));
    flow.pages[4]!.skipWhen = { scope: 'didIncurOutOfPocketExpensesPriorToSeptember', schema: { const: 'true' } };
    const [issue] = checkFlow(flow, 'f.json', { models: shippedModels() });
    expect(issue).toMatchObject({ pointer: '/pages/4/skipWhen/scope' });
    expect(issue!.hint).toBe('write it as "model.field", e.g. "claimDetails.didIncurOutOfPocketExpensesPriorToSeptember"');
  });

  it('rejects a file field with dependencies, in the words of spec §8', () => {
    const flow = copy(shippedFlow('automotive'));
    const block = flow.pages[6]!.blocks[2]!;
    if (block.block !== 'records') throw new Error('fixture moved');
    block.fields[2]!.dependencies = [{ when: { scope: 'documentType', schema: { const: 'other' } } }];
    expect(checkFlow(flow, 'f.json', { models: shippedModels() }).map((i) => i.message)).toEqual([
      'Dependency behavior have not been implemented for the FormFieldFile component.',
    ]);
  });

  it("checks a records block's 'none of the above' confirmation and its dependency minimum against the model configs", () => {
    const flow = copy(shippedFlow('automotive'));
    const page = flow.pages.findIndex((p) => p.id === 'denials');
    const index = flow.pages[page]!.blocks.findIndex((b) => b.block === 'records');
    const block = flow.pages[page]!.blocks[index]!;
    if (block.block !== 'records') throw new Error('fixture moved');
    const at = `/pages/${page}/blocks/${index}`;
    const check = () => checkFlow(flow, 'f.json', { models: shippedModels() }).map((i) => [i.pointer, i.message]);
    block.noneConfirmation = { model: 'ClaimTransactions', field: 'facilityName' };
    expect(check()).toEqual([[`${at}/noneConfirmation/model`, "the 'none of the above' confirmation is stored on a single-instance model, and ClaimTransactions holds records"], [`${at}/noneConfirmation/field`, 'the confirmation field "facilityName" has dataType string, and a checkbox stores a boolean']]);
    block.noneConfirmation = { model: 'ClaimDetails', field: 'noDenials' };
    expect(check()).toEqual([[`${at}/noneConfirmation/field`, 'field "noDenials" is not a field of the Automotive model ClaimDetails']]);
    delete block.noneConfirmation;
    block.minimumInstances = { count: 1, dependency: { model: 'ClaimDetails' }, cases: [{ when: { scope: 'ownershipKind', schema: { const: 'lease' } }, count: 2 }] };
    expect(check()).toEqual([[`${at}/minimumInstances/cases/0/when/scope`, 'scope "ownershipKind" is not a field of the Automotive model ClaimDetails']]);
  });

  it('refuses a summary that lists a field marked secret (the PIN), which no summary or e-mail may show', () => {
    const flow = copy(shippedFlow('automotive'));
    const page = flow.pages.findIndex((p) => p.id === 'claim-summary');
    const index = flow.pages[page]!.blocks.findIndex((b) => b.block === 'summary');
    const block = flow.pages[page]!.blocks[index]!;
    if (block.block !== 'summary') throw new Error('fixture moved');
    block.groups.push({ titleKey: 'LocKey_Summary_ClaimantInfo', editPage: 'start', model: 'Credentials', fields: ['vin', 'pin'] });
    expect(secretFields(flow)).toEqual(new Set(['credentials.pin']));
    expect(checkFlow(flow, 'f.json', { models: shippedModels() }).map((i) => [i.pointer, i.message])).toEqual([
      [`/pages/${page}/blocks/${index}/groups/${block.groups.length - 1}/fields/1`, 'the field "pin" is marked secret and is never shown in a summary'],
    ]);
  });

  it('checks registries given in the context', () => {
    const flow = shippedFlow('lookup');
    const issues = checkFlow(flow, 'f.json', { models: shippedModels(), maskNames: [], widgetNames: ['radio'] });
    expect(issues.map((i) => i.message)).toEqual(['unknown widget "text"', 'unknown mask "vin"']);
  });
});

describe('checkFlowSet', () => {
  it('accepts the shipped flows together', () => {
    const entries = (['automotive', 'lookup', 'exclusion'] as const).map((n) => ({ file: `${n}.json`, flow: shippedFlow(n) }));
    expect(checkFlowSet(entries)).toEqual([]);
  });

  it('rejects two flows of one form type', () => {
    const a = shippedFlow('lookup');
    const b: FlowFile = { ...copy(a), pages: [] };
    expect(checkFlowSet([{ file: 'a.json', flow: a }, { file: 'b.json', flow: b }])).toEqual([
      expect.objectContaining({ file: 'b.json', pointer: '/formType', message: 'the form type Lookup is already described by a.json' }),
    ]);
  });
});

describe('checkLocaleKeySets', () => {
  it('names each key one locale lacks', () => {
    expect(checkLocaleKeySets({ 'en.json': { LocKey_A_B: 'a', LocKey_A_C: 'c' }, 'es.json': { LocKey_A_B: 'b' } })).toEqual([
      expect.objectContaining({ file: 'es.json', message: 'localization key "LocKey_A_C" (in en.json) is missing' }),
    ]);
  });

  it('names a translation that drops or adds a placeholder, at its key', () => {
    const en = { LocKey_Confirmation_SubmittedAt: 'Submitted on {0}', LocKey_Files: 'Up to {maxFileSize} each', LocKey_Plain: 'Plain' };
    expect(checkLocaleKeySets({ 'en.json': en, 'es.json': { LocKey_Confirmation_SubmittedAt: 'Enviado el {0}', LocKey_Files: 'Hasta {maxFileSize} cada uno', LocKey_Plain: 'Simple' } })).toEqual([]);
    expect(checkLocaleKeySets({ 'en.json': en, 'es.json': { LocKey_Confirmation_SubmittedAt: 'Enviado', LocKey_Files: 'Hasta {maxFileSize} y {1}', LocKey_Plain: 'Simple' } }).map((i) => [i.file, i.pointer, i.message])).toEqual([
      ['es.json', '/LocKey_Confirmation_SubmittedAt', 'the text of "LocKey_Confirmation_SubmittedAt" lacks {0}: what it stands for would not be shown'],
      ['es.json', '/LocKey_Files', 'the text of "LocKey_Files" has {1}, which en.json does not: it would show as written'],
    ]);
  });
});
