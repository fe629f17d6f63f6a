import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFixture, FixtureError, type Fixture } from '../../tooling/fixtures/fixture';
import { partialMatch, runFixture, runLoaded } from '../../tooling/fixtures/runner';

const FILE = 'tests/flows/inline.fixture.json';

/** A fixture held in memory, checked like a file (its text gives the line numbers). */
function loaded(json: unknown) {
  return checkFixture(json, FILE, JSON.stringify(json, null, 2));
}

async function failure(json: unknown): Promise<string> {
  try {
    await runLoaded(loaded(json));
  } catch (e) {
    expect(e).toBeInstanceOf(FixtureError);
    return (e as Error).message;
  }
  throw new Error('the fixture was expected to fail');
}

const lookup = (steps: unknown[], extra: Partial<Fixture> = {}) => ({
  version: 1,
  description: 'inline',
  formType: 'Lookup',
  now: '2026-03-15T17:00:00Z',
  steps,
  ...extra,
});

describe('a fixture that does not match its schema', () => {
  it('fails with the file, the line and the JSON pointer of each problem', () => {
    const json = lookup([{ page: 'lookup', answer: {} }, { page: 'lookup', press: 'later' }]);
    expect(() => loaded(json)).toThrow(FixtureError);
    try {
      loaded(json);
    } catch (e) {
      const message = (e as Error).message;
      expect(message).toMatch(/^tests\/flows\/inline\.fixture\.json:\d+:\d+ at \/steps\/0\/answer\n {2}does not match the fixture schema: unknown property "answer"/);
      // The properties a step may have, so "answer" reads as a typo of "answers".
      expect(message).toMatch(/unknown property "answer" \(allowed here: page, [^)]*\banswers\b[^)]*\)/);
      expect(message).toContain('at /steps/1/press\n  does not match the fixture schema: must be one of "primary", "back", "none"');
    }
  });

  it('needs a description, a form type, now and steps', () => {
    expect(() => loaded({ version: 1 })).toThrow(/missing required property "description"[\s\S]*missing required property "formType"/);
  });
});

describe('a fixture whose expectations do not hold', () => {
  it('names the file, the pointer of the expectation and what was shown instead', async () => {
    const message = await failure(
      lookup([{ page: 'lookup', answers: { credentials: { vin: 'ABC' } }, expectErrors: { vin: 'Enter an answer' } }], { expectPages: ['lookup', 'elsewhere'] }),
    );
    expect(message).toContain(`${FILE}:`);
    expect(message).toContain('at /steps/0/expectErrors');
    expect(message).toContain('vin: expected "Enter an answer", shown "Enter a valid 17-character VIN (letters I, O and Q are not used)."');
    expect(message).toContain('at /expectPages');
    expect(message).toContain('expected: lookup → elsewhere\n    shown:    lookup');
  });

  it('reports errors that were shown but not expected', async () => {
    const message = await failure(lookup([{ page: 'lookup' }]));
    expect(message).toContain('at /steps/0\n');
    expect(message).toContain('vin: shown "Enter your Vehicle Identification Number (VIN)", not expected');
  });

  it('stops at a step that expects another page than the one shown', async () => {
    const message = await failure(lookup([{ page: 'summary' }]));
    expect(message).toContain('at /steps/0/page');
    expect(message).toContain('step 1 expects page "summary", but the form shows "lookup"');
  });

  it('points at an answer for a field the page does not show', async () => {
    const message = await failure(lookup([{ page: 'lookup', answers: { credentials: { pin: '482913' } } }]));
    expect(message).toContain('at /steps/0/answers/credentials/pin');
    expect(message).toContain('page "lookup" shows no field "pin" of "credentials" (its fields: vin)');
  });

  it('says when a payload was expected but nothing was submitted', async () => {
    const message = await failure(
      lookup([{ page: 'lookup', answers: { credentials: { vin: '5EXMA1B20HC000101' } } }], { expectPayload: { credentials: null } }),
    );
    expect(message).toContain('at /expectPayload\n  expected a submission, but nothing was submitted');
  });
});

/** The shipped fixture that leaves repairs open when Next is refused and finishes them with "$continue". */
const continuing = JSON.parse(readFileSync('tests/flows/automotive-continue-open-record.fixture.json', 'utf8')) as Fixture;

describe('what a claimant cannot do', () => {
  // The shipped fixture that leaves a repair half typed when Next is refused (steps 0-3).
  const upTo = (...more: unknown[]) => ({ ...continuing, steps: [...continuing.steps.slice(0, 4), ...more], expectPages: undefined, expectPayload: undefined });

  it('type a text its mask cannot show: the answer fails at its JSON pointer, saying what the field shows', async () => {
    const message = await failure(lookup([{ page: 'lookup', answers: { credentials: { vin: '5EXMA1B20HC00010!' } } }]));
    expect(message).toContain('at /steps/0/answers/credentials/vin');
    expect(message).toContain('"5EXMA1B20HC00010!" cannot be typed into "vin": its mask makes it "5EXMA1B20HC00010"; write the answer as the field shows it');
  });

  it('add a record while one it typed into is open (no Add more is shown): it fails, naming the open record', async () => {
    const message = await failure(upTo({ page: 'repairs', records: { claimTransactions: [{ facilityName: 'Hilltop Motors' }] }, press: 'none' }));
    expect(message).toContain('at /steps/4/records/claimTransactions/0');
    expect(message).toContain('shows a record still open ("valve body"), and no Add more while it is: finish it with "$continue", or cancel it with "deleteRecords"');
  });

  it('cancel the open record first, then add one: deleteRecords comes before the step\'s records', async () => {
    const seen = await runLoaded(
      loaded(upTo({ page: 'repairs', deleteRecords: ['valve body'], records: { claimTransactions: [{ repairDate: '02/11/2020', mileageAtRepair: '51020', facilityName: 'Hilltop Motors', amountPaid: '980.00', repairDescription: 'Module.' }] }, press: 'none' })),
    );
    expect(seen.steps[4]?.records.claimTransactions).toEqual([null]);
  });
});

describe('a record continued with "$continue"', () => {
  // The shipped fixture that finishes two open repairs, up to its first refused Next (steps 0-3).
  const shipped = continuing;
  const upTo = (...more: unknown[]) => ({ ...shipped, steps: [...shipped.steps.slice(0, 4), ...more], expectPages: undefined, expectPayload: undefined });
  const finish = (name: string) => ({ page: 'repairs', records: { claimTransactions: [{ $continue: name, mileageAtRepair: '48210', amountPaid: '1,250.00', repairDescription: 'Valve body.' }] }, press: 'none' });

  it('fills and saves the open record, so one repair is submitted, not two', async () => {
    const seen = await runLoaded(loaded(upTo({ ...finish('valve body'), press: 'primary' })));
    expect(seen.steps[4]?.records.claimTransactions).toEqual([null]);
    expect(seen.pages.at(-1)).toBe('supporting-documents');
  });

  it('that names no record given with "$as" earlier fails at its JSON pointer', async () => {
    const message = await failure(upTo(finish('brake pads')));
    expect(message).toContain('at /steps/4/records/claimTransactions/0/$continue');
    expect(message).toContain('no record is named "brake pads" with "$as" in an earlier step');
  });

  it('that names a record saved since fails at its JSON pointer', async () => {
    const message = await failure(upTo(finish('valve body'), finish('valve body')));
    expect(message).toContain('at /steps/5/records/claimTransactions/0/$continue');
    expect(message).toContain('the record "valve body" is not open: it was saved before this point');
  });

  it('that names a record cancelled since fails at its JSON pointer', async () => {
    const message = await failure(upTo({ page: 'repairs', deleteRecords: ['valve body'], press: 'none' }, finish('valve body')));
    expect(message).toContain('at /steps/5/records/claimTransactions/0/$continue');
    expect(message).toContain('it was cancelled before this point');
  });

  it('uploads the file chosen before the refusal when the document record is finished', async () => {
    const steps = [...shipped.steps];
    const documents = [
      {
        page: 'supporting-documents',
        // Its document type not chosen yet: Next does not save it.
        records: { documentContexts: [{ $as: 'invoice', $unsaved: true, file: { name: 'invoice.pdf', type: 'application/pdf', size: 2048 } }] },
        expectErrors: { documentContexts: 'You started a record but did not save it. Save it or cancel it before you continue.' },
      },
      { page: 'supporting-documents', records: { documentContexts: [{ $continue: 'invoice', documentType: 'repairInvoice', claimTransactionId: { $record: 'valve body' } }] } },
    ];
    steps.splice(steps.findIndex((s) => s.page === 'supporting-documents'), 1, ...(documents as Fixture['steps']));
    const seen = await runLoaded(loaded({ ...shipped, steps, expectPages: undefined, expectPayload: undefined }));
    expect(seen.submissions[0]?.documents?.map((d) => [d.name, d.type, d.size])).toEqual([['invoice.pdf', 'application/pdf', 2048]]);
    expect(seen.submissions[0]?.documentContexts).toHaveLength(1);
  });

  it('cannot also be named with "$as"', () => {
    expect(() => loaded(upTo({ page: 'repairs', records: { claimTransactions: [{ $continue: 'valve body', $as: 'other' }] } }))).toThrow(
      /at \/steps\/4\/records\/claimTransactions\/0\n {2}does not match the fixture schema: a record has either "\$as" or "\$continue", not both/,
    );
  });
});

describe('partial match of the payload', () => {
  const ids = { repair: 'clm0000004abcdefgh' };
  it('compares only the keys written, lists by length and item, and record names as client ids', () => {
    const actual = { list: [{ clientId: 'clm0000004abcdefgh', fields: { a: 1, b: 2 } }], other: 'x' };
    expect(partialMatch({ list: [{ clientId: { $record: 'repair' }, fields: { a: 1 } }] }, actual, '', 'payload', ids)).toEqual([]);
    expect(partialMatch({ list: [] }, actual, '/p', 'payload', ids)[0]?.message).toMatch(/^payload\.list: expected 0 item\(s\), got 1/);
    expect(partialMatch({ list: [{ fields: { b: 3 } }] }, actual, '/p', 'payload', ids)).toEqual([
      { pointer: '/p/list/0/fields/b', message: 'payload.list[0].fields.b: expected 3, got 2' },
    ]);
    expect(partialMatch({ $record: 'nobody' }, 'x', '/p', 'payload', ids)[0]?.message).toContain('no record is named "nobody"');
  });
});

describe('a settlement folder', () => {
  it('that extends the sample changes what its files patch and keeps the others', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fixture-settlement-'));
    mkdirSync(path.join(dir, 'second', 'locales'), { recursive: true });
    writeFileSync(path.join(dir, 'second', 'settlement.json'), JSON.stringify({ extends: path.resolve('server-fixtures') }));
    writeFileSync(path.join(dir, 'second', 'locales', 'en.json'), JSON.stringify({ LocKey_Credentials_Vin_Missing: 'Please fill this in' }));
    const file = path.join(dir, 'lookup.fixture.json');
    writeFileSync(file, JSON.stringify(lookup([{ page: 'lookup', expectErrors: { vin: 'Please fill this in' } }], { settlement: 'second' })));
    await expect(runFixture(file)).resolves.toMatchObject({ pages: ['lookup'] });
  });

  it('that does not exist is named', async () => {
    const message = await failure(lookup([{ page: 'lookup' }], { settlement: 'no-such-folder' }));
    expect(message).toContain('at /settlement');
  });
});
