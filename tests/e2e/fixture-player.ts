/**
 * The browser player of flow fixtures: plays a fixture (tests/flows/*.fixture.json) through the
 * real app in Chromium against the real server, and reports the same Observation the headless
 * player reports, so the same judge (tooling/fixtures/runner.ts) compares it with the fixture.
 *
 * A step's page is the page whose path (or alias) the address shows; answers are typed, selected
 * or ticked into the fields by their DOM ids (`<model>-<field>`); records go through the record
 * manager's buttons (`<model>-<clientId>-<field>` inside the draft); errors are the texts of the
 * `#<id>-error` elements; the payload is the stored submission read back from the database. It
 * does what the headless player does, in the same order: records cancelled or deleted first (Add
 * more is not shown while a record is open), then answers, then records, then the press; an
 * answer a field cannot show as written (a mask drops what it cannot take) is a fixture error in
 * both.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { camelCase } from '../../runtime/core/models';
import type { FieldValue, FlowFile, PageConfig, RecordsBlock, SubmissionPayload } from '../../runtime/core/types';
import { recordsDomId } from '../../runtime/core/view/dom-ids';
import { FixtureError, type FileAnswer, type LoadedFixture, type RecordAnswer, type Settlement } from '../../tooling/fixtures/fixture';
import type { Observation, Player, StepObservation } from '../../tooling/fixtures/runner';
import { playAfterSubmit, type AfterSubmitObservation, type Outcome, type StatusClaimant } from '../../tooling/fixtures/after-submit';
import { fileBytes } from '../../tooling/fixtures/file-bytes';
import { BACK, NEXT } from './flow-steps';
import { openPage, settled, type E2eServer } from './harness';

const isFile = (v: unknown): v is FileAnswer => typeof v === 'object' && v !== null && 'name' in v && 'size' in v && 'type' in v;
const isRef = (v: unknown): v is { $record: string } => typeof v === 'object' && v !== null && '$record' in v;
const isFieldValue = (v: unknown): v is FieldValue => v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** Why a fixture cannot be played against the real server, or null when it can. */
export function unplayable(loaded: LoadedFixture): string | null {
  const { fixture } = loaded;
  const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
  if (list(fixture.authorize).some((a) => 'fails' in a)) return 'it injects a failed authorize call';
  if (list(fixture.submit).some((a) => 'fails' in a)) return 'it injects a failed submit call';
  if (list(fixture.submit).some((a) => !('fails' in a) && !a.submitted)) return 'it injects a refused submission';
  if (fixture.steps.some((s) => s.goto !== undefined)) return 'it jumps to a page with "goto"';
  return null;
}

/**
 * The fixture as the real server can meet it: the captcha raw value of a fixture's injected
 * authorize answer is the real captcha's in the browser (and is not stored), so that expectation
 * is left out. Same file and text, so every problem still points into the fixture file.
 */
export function forRealServer(loaded: LoadedFixture): LoadedFixture {
  const payload = loaded.fixture.expectPayload;
  if (!payload || !('captchaRawValue' in payload)) return loaded;
  const { captchaRawValue: _c, ...rest } = payload;
  return { ...loaded, fixture: { ...loaded.fixture, expectPayload: rest } };
}

interface Snapshot {
  path: string;
  busy: boolean;
  text: string;
}

async function snapshot(page: Page): Promise<Snapshot> {
  return page.evaluate(() => {
    const main = document.querySelector('#main-content');
    const parts = Array.from(document.querySelectorAll('.cf-field__error, .cf-error-summary, .cf-feedback, .cf-records__message, .cf-modal--error')).map((e) => e.textContent ?? '');
    // A press the page refuses with the errors it already shows changes no text, but it moves the
    // focus (to the error summary or the first field to fix): focus moves to anything but a
    // button (the press's own) are counted.
    const root = document.documentElement;
    if (root.dataset.focusMoves === undefined) {
      root.dataset.focusMoves = '0';
      document.addEventListener('focusin', (event) => {
        if (!(event.target instanceof HTMLButtonElement)) root.dataset.focusMoves = String(Number(root.dataset.focusMoves) + 1);
      });
    }
    return {
      path: location.pathname,
      busy: Boolean(document.querySelector('.cf-loading-placeholder, .cf-spinner, [aria-busy="true"]')) || !main?.querySelector('h1'),
      // Saved records and open ones counted apart: a record saved turns its open form into a row.
      text: `${parts.join('|')}|${document.querySelectorAll('.cf-records__item').length}|${document.querySelectorAll('.cf-records__draft').length}|${root.dataset.focusMoves}`,
    };
  });
}

/** After a press: waits until something changed, then until the page holds still. */
async function afterPress(page: Page, before: Snapshot): Promise<void> {
  const start = Date.now();
  let last = await snapshot(page);
  while (Date.now() - start < 3000 && last.path === before.path && last.text === before.text) {
    await page.waitForTimeout(50);
    last = await snapshot(page);
  }
  let stable = 0;
  while (stable < 3 && Date.now() - start < 15000) {
    await page.waitForTimeout(60);
    const now = await snapshot(page);
    stable = !now.busy && now.path === last.path && now.text === last.text ? stable + 1 : 0;
    last = now;
  }
}

/** The errors the page shows outside record drafts: field key (or camel-cased model of a records block) -> messages. */
async function pageErrors(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(() => {
    const out: Record<string, string[]> = {};
    const main = document.querySelector('#main-content') ?? document.body;
    const seen = new Set<string>();
    for (const el of Array.from(main.querySelectorAll<HTMLElement>('[id$="-error"]'))) {
      if (el.closest('.cf-records__draft, .cf-records__edit')) continue;
      const id = el.id.slice(0, -'-error'.length);
      // A records block's own messages are read from the error summary below, in its order.
      if (id.startsWith('records-')) continue;
      seen.add(id);
      const key = id.split('-').slice(1).join('-');
      const spans = Array.from(el.querySelectorAll('.cf-field__error-message')).map((s) => (s.textContent ?? '').trim());
      out[key] = spans.length > 0 ? spans : [(el.textContent ?? '').trim()];
    }
    // Block-level messages, as the summary lists them (the page engine's order).
    for (const link of Array.from(document.querySelectorAll<HTMLAnchorElement>('.cf-error-summary__link'))) {
      const target = (link.getAttribute('href') ?? '').replace(/^#/, '');
      // A field's own message was read above; a draft's field is not a field of the page, so a link
      // to it carries its block's message (an unsaved or incomplete record).
      const own = document.getElementById(`${target}-error`);
      if (seen.has(target) || (own && !target.startsWith('records-') && !own.closest('.cf-records__draft, .cf-records__edit'))) continue;
      // A records block's message links to the block, or to its open draft's first field.
      const section = document.getElementById(target)?.closest<HTMLElement>('section.cf-records');
      const owner = section?.id ?? target;
      const key = owner.startsWith('records-') ? (owner.slice('records-'.length).split('-')[0] as string) : owner.split('-').slice(1).join('-') || owner;
      // The link reads 'Label: message' when the block has a legend.
      const text = (link.textContent ?? '').trim();
      const message = section?.querySelector('.cf-records__legend') && text.includes(': ') ? text.slice(text.indexOf(': ') + 2) : text;
      out[key] = [...(out[key] ?? []), message];
    }
    return out;
  });
}

export interface BrowserPlayerOptions {
  browser: Browser;
  server: E2eServer;
  /** Things worth telling (answers the browser cannot type, and why). */
  notes: string[];
}

/** A Player that plays the fixture in a fresh browser context against the server given. */
export function browserPlayer({ browser, server, notes }: BrowserPlayerOptions): Player {
  return async (loaded: LoadedFixture, settlement: Settlement): Promise<Observation> => {
    const { fixture, file, text } = loaded;
    const fail = (pointer: string, message: string): never => {
      throw new FixtureError([{ file, pointer, message }], text);
    };
    const flow: FlowFile = settlement.flows[fixture.formType] ?? fail('/formType', `the settlement has no flow file for ${fixture.formType}`);
    const culture = fixture.culture ?? 'en';
    const probe = await openPage(browser);
    const { page } = probe;
    const pages: string[] = [];
    const steps: StepObservation[] = [];
    const submissions: SubmissionPayload[] = [];
    const recordIds: Record<string, string> = {};
    const authorizeAnswers = fixture.authorize === undefined ? [] : Array.isArray(fixture.authorize) ? fixture.authorize : [fixture.authorize];
    // The fixture's answers go to the sign-in calls in order: each call the page makes takes the next.
    const endpoint = flow.authorize.endpoint;
    let authorizeCalls = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === endpoint) authorizeCalls += 1;
    });
    // The records the fixture has typed into (by client id): an open one of these is no untouched form to fill.
    const typedInto = new Set<string>();
    // The reference code of the claim filed, which After Submit goes on with.
    let filedCode: string | null = null;
    let afterSubmit: AfterSubmitObservation | undefined;

    const pageOf = (pathname: string): PageConfig | undefined => flow.pages.find((p) => p.path === pathname || (p.aliases ?? []).includes(pathname));
    const currentId = () => pageOf(new URL(page.url()).pathname)?.id ?? `(not a page of the flow: ${new URL(page.url()).pathname})`;

    try {
      const first = flow.pages.find((p) => p.id === fixture.steps[0]?.page) ?? flow.pages[0];
      await page.goto(`${server.url}${first?.path ?? '/'}${culture === 'en' ? '' : `?culture=${culture}`}`);
      await settled(page);
      pages.push(currentId());

      for (const [i, step] of fixture.steps.entries()) {
        const at = `/steps/${i}`;
        const obs: StepObservation = { page: currentId(), records: {}, errors: {} };
        steps.push(obs);
        if (obs.page !== step.page) break;
        const config = flow.pages.find((p) => p.id === step.page) as PageConfig;

        if (step.expectValues) {
          obs.values = {};
          for (const [model, fields] of Object.entries(step.expectValues)) {
            obs.values[model] = {};
            for (const field of Object.keys(fields)) obs.values[model][field] = await readField(page, `${camelCase(model)}-${field}`);
          }
        }

        // Cancelled and deleted first: Add more is not shown while a record is open.
        for (const [j, name] of (step.deleteRecords ?? []).entries()) {
          const id = recordIds[name] ?? fail(`${at}/deleteRecords/${j}`, `no record is named "${name}" with "$as" in an earlier step`);
          const draft = page.locator('.cf-records__draft').filter({ has: page.locator(`[id*="-${id}-"]`) });
          const row = page.locator(`.cf-display-row[data-client-id="${id}"]`);
          if ((await draft.count()) > 0) await draft.locator('.cf-records__actions .cf-button--outline-secondary').click();
          else if ((await row.count()) > 0) await row.locator('.cf-display-row__actions .cf-button--outline-secondary').click();
          else fail(`${at}/deleteRecords/${j}`, `the page shows no record "${name}" to cancel or delete`);
        }

        for (const [model, fields] of Object.entries(step.answers ?? {})) {
          for (const [field, value] of Object.entries(fields)) {
            await setField(page.locator(`#${camelCase(model)}-${field}`), value, `${at}/answers/${model}/${field}`);
          }
        }

        for (const [model, records] of Object.entries(step.records ?? {})) {
          const blocks = config.blocks.filter((b): b is RecordsBlock => b.block === 'records' && camelCase(b.model) === camelCase(model));
          let block: RecordsBlock | undefined;
          for (const b of blocks) if ((await page.locator(`#${recordsDomId(b.model, b.fixedValues)}`).count()) > 0) block = b;
          if (!block) fail(`${at}/records/${model}`, `page "${config.id}" shows no records block of "${model}"`);
          const out: Array<Record<string, string[]> | null> = [];
          for (const [j, record] of records.entries()) out.push(await addRecord(block as RecordsBlock, model, record, `${at}/records/${model}/${j}`));
          obs.records[model] = out;
        }

        const press = step.press ?? 'primary';
        if (press === 'none') continue;
        const callsBefore = authorizeCalls;
        const before = await snapshot(page);
        await page.click(press === 'back' ? BACK : NEXT);
        await afterPress(page, before);
        const after = new URL(page.url()).pathname;
        if (after !== before.path) {
          await settled(page);
          pages.push(currentId());
        } else if (press === 'primary') {
          obs.errors = await pageErrors(page);
        }

        const action = config.action ?? 'next';
        // A press the page's errors refused made no call; a refused sign-in shows its errors and made one.
        if (press === 'primary' && (action === 'authorize' || action === 'lookup') && authorizeCalls > callsBefore) {
          const answer = authorizeAnswers[Math.min(authorizeCalls - 1, authorizeAnswers.length - 1)];
          const boxes = page.locator('#main-content .cf-feedback');
          const feedback = (await boxes.count()) > 0 ? await boxes.first().getAttribute('class') : null;
          // Authorized means the flow went on to one of its own pages: with redirectOnError a
          // refusal leaves for the error page, which is not a page of the flow.
          const authorized = action === 'authorize' ? after !== before.path && pageOf(after) !== undefined : Boolean(feedback?.includes('cf-feedback--success'));
          if (answer && !('fails' in answer) && answer.authorized !== authorized) {
            fail(`/authorize`, `the real server ${authorized ? 'authorized' : 'did not authorize'} the credentials of step ${i + 1}, but the fixture says authorized: ${String(answer.authorized)}`);
          }
          // A refusal's message, wherever the settings show it (on the page, or on the error page).
          if (answer && !('fails' in answer) && !authorized && typeof answer.error === 'string') {
            const shown = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
            const expected = answer.error.replace(/\s+/g, ' ').trim();
            if (!shown.includes(expected)) fail('/authorize', `the refusal of step ${i + 1} should say ${JSON.stringify(expected)}, but the page shows: ${JSON.stringify(shown.slice(0, 400))}`);
          }
        }
        if (config.blocks.some((b) => b.block === 'lookupResult')) {
          const box = page.locator('#main-content .cf-feedback').first();
          if ((await box.count()) === 0) obs.result = null;
          else {
            const cls = (await box.getAttribute('class')) ?? '';
            obs.result = { feedback: cls.includes('cf-feedback--success') ? 'success' : 'warning', text: (await box.locator('.cf-feedback__text').innerText()).trim() };
          }
        }
        if (press === 'primary' && action === 'submit' && after !== before.path) {
          const code = (await page.locator('.cf-confirmation__code').innerText()).trim();
          const stored = await server.submission(code);
          if (!stored) fail('', `the confirmation shows ${code}, but no submission of that code is stored`);
          else {
            submissions.push(asSent(stored.payload as Record<string, unknown>));
            filedCode = code;
          }
        }
      }
      if (fixture.afterSubmit && filedCode !== null) {
        afterSubmit = await playAfterSubmit(loaded, filedCode, { adminEnv: server.adminEnv, database: server.database, advanceClock: server.advanceClock }, statusPage(page, server, culture));
      }
    } finally {
      await probe.context.close();
    }
    return { pages, steps, submissions, recordIds, ...(afterSubmit ? { afterSubmit } : {}) };

    /**
     * The claimant's record: the block's untouched open record or Add more, or with $continue the
     * open record of that name; filled, then Save/Upload. Null when saved (or left open with
     * $unsaved), else its errors (and Cancel).
     */
    async function addRecord(block: RecordsBlock, model: string, record: RecordAnswer, at: string): Promise<Record<string, string[]> | null> {
      const section = page.locator(`#${recordsDomId(block.model, block.fixedValues)}`);
      const dto = camelCase(model);
      const { $as, $continue, $expectErrors: _e, $unsaved, ...values } = record;
      let clientId: string;
      if ($continue !== undefined) {
        clientId = recordIds[$continue] ?? fail(`${at}/$continue`, `no record is named "${$continue}" with "$as" in an earlier step; "$continue" names a record left "$unsaved"`);
        if ((await section.locator('.cf-records__draft').filter({ has: page.locator(`[id^="${dto}-${clientId}-"]`) }).count()) === 0) {
          fail(`${at}/$continue`, `the record "${$continue}" is not open in the records block of "${block.model}"; "$continue" names a record left "$unsaved" and still open`);
        }
      } else {
        const open = await openDraftId(section, dto, block);
        if (open !== null && typedInto.has(open)) {
          const name = Object.entries(recordIds).find(([, id]) => id === open)?.[0];
          fail(at, `the records block of "${block.model}" shows a record still open${name === undefined ? '' : ` ("${name}")`}, and no Add more while it is: finish it with "$continue", or cancel it with "deleteRecords"`);
        }
        if (open === null) await section.locator('.cf-records__actions .cf-button--outline-primary').click();
        await section.locator('.cf-records__draft').first().waitFor();
        clientId = (await openDraftId(section, dto, block)) ?? fail(at, `Add more opened no record in the records block of "${block.model}"`);
      }
      typedInto.add(clientId);
      const draft = section.locator('.cf-records__draft').filter({ has: page.locator(`[id^="${dto}-${clientId}-"]`) });
      for (const [field, value] of Object.entries(values)) {
        const input = page.locator(`#${dto}-${clientId}-${field}`);
        if (isRef(value)) {
          const id = recordIds[value.$record] ?? fail(`${at}/${field}`, `no record is named "${value.$record}" with "$as" before this point`);
          await input.selectOption(id);
        } else if (isFile(value)) {
          await input.setInputFiles({ name: value.name, mimeType: value.type, buffer: fileBytes(value.type, value.size) });
          // The document uploads as it is chosen: the server's answer comes before the record is saved.
          await draft.locator('.cf-field--file:is([data-upload="stored"], [data-upload="failed"])').waitFor();
        } else if (isFieldValue(value)) {
          await setField(input, value, `${at}/${field}`);
        } else {
          fail(`${at}/${field}`, `"${field}" takes text, a number, true or false, or null`);
        }
      }
      if ($unsaved) {
        if ($as !== undefined) recordIds[$as] = clientId;
        return null;
      }
      const before = await snapshot(page);
      await draft.locator('.cf-records__actions .cf-button--primary').click();
      await afterPress(page, before);
      if ((await section.locator(`.cf-display-row[data-client-id="${clientId}"]`).count()) > 0) {
        if ($as !== undefined) recordIds[$as] = clientId;
        return null;
      }
      const errors: Record<string, string[]> = {};
      const stillOpen = draft.filter({ has: page.locator(`[id^="${dto}-${clientId}-"]`) });
      if ((await stillOpen.count()) > 0) {
        for (const el of await stillOpen.locator('[id$="-error"]').all()) {
          const id = (await el.getAttribute('id')) ?? '';
          const field = id.slice(`${dto}-${clientId}-`.length, -'-error'.length);
          const spans = await el.locator('.cf-field__error-message').allInnerTexts();
          errors[field] = spans.length > 0 ? spans.map((s) => s.trim()) : [(await el.innerText()).trim()];
        }
      }
      const fileMessage = section.locator('.cf-records__message--error[role="alert"]');
      if ((await fileMessage.count()) > 0) {
        const fileField = block.fields.find((f) => f.widget === 'file')?.key ?? 'file';
        errors[fileField] = [(await fileMessage.innerText()).trim()];
      }
      if ((await stillOpen.count()) > 0) await stillOpen.locator('.cf-records__actions .cf-button--outline-secondary').click();
      return errors;
    }

    /** One answer into one field, as a claimant gives it: type, select, tick or choose. */
    async function setField(input: Locator, value: FieldValue | undefined, pointer: string): Promise<void> {
      if ((await input.count()) === 0) fail(pointer, `the page shows no element #${await input.evaluate((e) => e.id).catch(() => '?')} for this answer`);
      const kind = await input.evaluate((e) => (e.tagName === 'INPUT' ? `input:${(e as HTMLInputElement).type}` : e.tagName.toLowerCase()));
      const shown = value === null || value === undefined ? '' : String(value);
      if (kind === 'input:hidden') {
        notes.push(`${pointer}: not typed (a hidden field the page fills itself, with today's date for a signature date)`);
        return;
      }
      if (kind === 'fieldset') {
        await input.locator(`input[type="radio"][value="${shown}"]`).click();
      } else if (kind === 'input:checkbox') {
        await input.setChecked(value === true || value === 'true');
      } else if (kind === 'select') {
        await input.selectOption(shown);
      } else {
        await input.fill(shown);
        // What the field shows once typed: a mask keeps only what it can take.
        const entered = await input.inputValue();
        if (entered !== shown) fail(pointer, `${JSON.stringify(shown)} cannot be typed into "${pointer.split('/').pop() ?? ''}": its mask makes it ${JSON.stringify(entered)}; write the answer as the field shows it`);
      }
    }
  };
}

/**
 * The claimant on the status page: each sign-in opens it afresh (in the fixture's language) and
 * types the reference code and the credentials into the fields it shows; the cure goes through
 * "Send what is missing": the documents chosen, the name typed, the attestation ticked, sent.
 */
function statusPage(page: Page, server: E2eServer, culture: string): StatusClaimant {
  const shownStatus = async (): Promise<string | null> => {
    const status = page.locator('[data-claim-status]');
    return (await status.count()) > 0 ? await status.getAttribute('data-claim-status') : null;
  };
  /** Waits for the status, or for a refusal in `alert`; the outcome. */
  const outcome = async (alert: Locator, refusalShown: Locator): Promise<Outcome> => {
    await page.locator('[data-claim-status]').or(refusalShown).first().waitFor();
    const status = await shownStatus();
    return status !== null ? { refused: null, status } : { refused: (await alert.innerText()).replace(/\s+/g, ' ').trim(), status: null };
  };
  return {
    async signIn(referenceCode, credentials) {
      await page.goto(`${server.url}/status${culture === 'en' ? '' : `?culture=${culture}`}`);
      await settled(page);
      await page.fill('#cf-status-reference', referenceCode);
      for (const [key, value] of Object.entries(credentials)) {
        const input = page.locator(`#cf-status-${key}`);
        if ((await input.count()) > 0) await input.fill(value);
      }
      await page.click('.cf-status-page form button[type=submit]');
      const alert = page.locator('.cf-status-page form [role=alert]');
      return outcome(alert, page.locator('#cf-status-reference[aria-invalid="true"]'));
    },
    async cure(_referenceCode, { documents, signature }) {
      const open = page.locator('[data-claim-status] .cf-button--primary');
      // No "Send what is missing": the page says why (the date has passed, a page to answer again).
      if ((await open.count()) === 0) return { refused: (await page.locator('[data-claim-status] .cf-feedback').allInnerTexts()).join(' ').replace(/\s+/g, ' ').trim(), status: null };
      await open.click();
      await page.locator('#cf-cure-heading').waitFor();
      // Each document is uploaded on add: a refusal shows beside it and ends the cure here.
      for (const d of documents) {
        await page.setInputFiles(`#cf-cure-${d.deficiency}`, { name: d.name, mimeType: d.type, buffer: d.bytes });
        const field = page.locator('.cf-cure .cf-field', { has: page.locator(`#cf-cure-${d.deficiency}`) });
        await field.locator('button').click();
        const uploaded = page.locator('.cf-cure__uploaded', { hasText: d.name });
        const refused = field.locator('.cf-field__error-message');
        await Promise.race([uploaded.waitFor(), refused.first().waitFor()]);
        if ((await uploaded.count()) === 0) return { refused: (await refused.allInnerTexts()).join(' ').replace(/\s+/g, ' ').trim(), status: null };
      }
      if (signature !== null) {
        await page.fill('#cf-cure-signature', signature);
        await page.check('#cf-cure-attest');
      }
      await page.click('.cf-cure button[type=submit]');
      const alert = page.locator('.cf-cure [role=alert]');
      return outcome(alert, alert.locator('.cf-feedback'));
    },
  };
}

/** The client id of the open record (draft) of a records block, or null when none is open. */
async function openDraftId(section: Locator, dto: string, block: RecordsBlock): Promise<string | null> {
  const drafts = section.locator('.cf-records__draft');
  if ((await drafts.count()) === 0) return null;
  const someId = (await drafts.first().locator(`[id^="${dto}-"]`).first().getAttribute('id')) ?? '';
  const key = block.fields.map((f) => f.key).find((k) => someId.endsWith(`-${k}`)) ?? '';
  return someId.slice(dto.length + 1, someId.length - key.length - 1);
}

/** The value a field shows: a radio group's chosen value, a checkbox's state, an input's text (empty is null). */
async function readField(page: Page, id: string): Promise<FieldValue> {
  const el = page.locator(`#${id}`);
  if ((await el.count()) === 0) return null;
  return el.evaluate((e): string | boolean | null => {
    if (e.tagName === 'FIELDSET') return e.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value ?? null;
    if (e instanceof HTMLInputElement && e.type === 'checkbox') return e.checked;
    const v = (e as HTMLInputElement).value;
    return v === '' ? null : v;
  });
}

/** The stored submission as the browser sent it: documents back as { clientId, name, type, size }, none as null. */
function asSent(stored: Record<string, unknown>): SubmissionPayload {
  const docs = (stored.documents as Array<{ contextClientId: string; name: string; type: string; size: number }> | undefined) ?? [];
  return {
    ...stored,
    documents: docs.length === 0 ? null : docs.map((d) => ({ clientId: d.contextClientId, name: d.name, type: d.type, size: d.size })),
  } as unknown as SubmissionPayload;
}
