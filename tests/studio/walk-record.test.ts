import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createIdSource, findModel, initStore, setFieldValue } from '../../runtime/core/models';
import type { FlowFile, ModelConfig, PageConfig } from '../../runtime/core/types';
import { answersOnPage, fixtureOfWalk, type WalkRecord } from '../../studio/app/walk-record';
import { checkFixture } from '../../tooling/fixtures/fixture';
import { ROOT } from './settlement-copy';

const read = <T>(file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as T;
const models = read<{ models: ModelConfig[] }>('server-fixtures/models.json').models;
const automotive = read<FlowFile>('flows/automotive.json');
const eligibility = automotive.pages.find((p) => p.id === 'eligibility') as PageConfig;
const options = { formType: 'Automotive' as const, modelConfigs: models };

describe('what a walk records', () => {
  it('takes the answers of a page in the order they were first typed, leaving out what is hidden at the end and what did not change', () => {
    const opened = initStore(models, 'Automotive', createIdSource());
    const details = findModel(opened, 'claimDetails')!.clientId;
    const order = ['claimDetails\u0000disposalDate', 'claimDetails\u0000isCurrentOwner', 'claimDetails\u0000vehicleMake'];
    let store = setFieldValue(opened, details, 'disposalDate', '05/12/2016');
    store = setFieldValue(store, details, 'isCurrentOwner', 'false');
    // disposalDate shows only for a vehicle no longer owned.
    expect(answersOnPage(eligibility, opened, store, order, options)).toEqual({ claimDetails: { disposalDate: '05/12/2016', isCurrentOwner: 'false' } });
    const owner = setFieldValue(store, details, 'isCurrentOwner', 'true');
    expect(answersOnPage(eligibility, opened, owner, order, options)).toEqual({ claimDetails: { isCurrentOwner: 'true' } });
    expect(answersOnPage(eligibility, opened, opened, order, options)).toBeUndefined();
  });

  it('makes a fixture the fixture schema accepts, with the sign-in answers the server gave and no submission expected before a Submit', () => {
    const walk: WalkRecord = {
      formType: 'Exclusion',
      culture: 'es',
      now: '2026-11-26T22:00:00Z',
      steps: [
        { page: 'exclusion-start', answers: { credentials: { vin: '5EXMA1B20JC000202', noticeId: 'EXM-100002', pin: '000000' } }, expectErrors: { pin: 'The PIN does not match.' } },
        { page: 'exclusion-start', answers: { credentials: { pin: '730155' } } },
      ],
      pages: ['exclusion-start', 'exclusion-contact'],
      authorize: [
        { authorized: false, error: 'The PIN does not match.', code: 'WRONG_PIN', captcha: null, prepopulatedData: null },
        { authorized: true, error: null, code: null, captcha: 'raw', prepopulatedData: { FirstName: 'James' } },
      ],
      submitted: false,
      submit: [],
      payload: null,
    };
    const fixture = fixtureOfWalk(walk, 'Exclusion: a wrong PIN, then the right one');
    expect(fixture).toEqual({
      version: 1,
      description: 'Exclusion: a wrong PIN, then the right one',
      formType: 'Exclusion',
      culture: 'es',
      now: '2026-11-26T22:00:00Z',
      authorize: [
        { authorized: false, error: 'The PIN does not match.', code: 'WRONG_PIN' },
        { authorized: true, prepopulatedData: { FirstName: 'James' } },
      ],
      steps: walk.steps,
      expectPages: walk.pages,
      expectNoSubmission: true,
    });
    expect(() => checkFixture(fixture, 'walk.fixture.json')).not.toThrow();
    expect(fixtureOfWalk({ ...walk, authorize: [walk.authorize[1]!], submitted: true }, 'x')).toMatchObject({ authorize: { authorized: true }, expectPages: walk.pages });
    expect(fixtureOfWalk({ ...walk, submitted: true }, 'x')).not.toHaveProperty('expectNoSubmission');
  });
});
