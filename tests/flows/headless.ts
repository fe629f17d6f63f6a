/**
 * The headless player: plays a fixture through the real form machine on a simulated clock.
 * Answers go into the store with the core store functions, pages are validated with the page
 * validation the renderer uses (the page view model of runtime/core/view), the authorize and submit
 * actors are functions answering as the fixture says, and submit builds the payload with the real
 * builder. Nothing here is a stand-in for our own code.
 */
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { USER_MESSAGES } from '../../runtime/core/errors';
import { createTranslator } from '../../runtime/core/i18n';
import {
  addDraft,
  camelCase,
  createIdSource,
  deleteRecord,
  discardDraft,
  findByClientId,
  findConfig,
  findModel,
  initStore,
  modelsScope,
  saveDraft,
  saveFileDraft,
  setFieldValue,
  setFileField,
} from '../../runtime/core/models';
import { buildPayload } from '../../runtime/core/payload';
import type {
  AuthorizeResponse,
  DocumentFile,
  FieldConfig,
  FieldValue,
  FormModel,
  LookupResultBlock,
  ModelConfig,
  ModelStoreState,
  PageConfig,
  RecordsBlock,
  SubmissionPayload,
  SubmitResponse,
} from '../../runtime/core/types';
import { createFormMachine, type AuthorizeInput, type SubmitInput } from '../../runtime/machine';
// The page view model the renderer draws: the same page preparation and validation.
import { applyDependencyResets, preparePage } from '../../runtime/core/view/dependencies';
import { computeFieldState, dependencyOutcome } from '../../runtime/core/view/field-state';
import { blockVisible, pageFieldGroups, type GroupOptions } from '../../runtime/core/view/page-groups';
import { validatePage } from '../../runtime/core/view/validatePage';
import { saveEnteredDrafts } from '../../runtime/core/view/records';
import { refusalView } from '../../runtime/core/view/refusal';
import { lookupResultView } from '../../runtime/core/view/lookup-result';
import { fieldDomId } from '../../runtime/core/view/dom-ids';
import type { ValidationEnv } from '../../runtime/core/view/types';
import { FixtureError, type AuthorizeAnswer, type FileAnswer, type LoadedFixture, type RecordAnswer, type Settlement, type SubmitAnswer } from './fixture';
import type { Observation, StepObservation } from './runner';

/** The captcha token the invisible captcha hands over in the headless run. */
export const HEADLESS_CAPTCHA_TOKEN = 'fixture-captcha-token';
/** The reference code of an accepted submission when the fixture does not give one. */
export const DEFAULT_REFERENCE_CODE = 'FIXTURE-REF-0001';

/** Deterministic random numbers, so client ids are the same on every run. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Answers used in order; the last one repeats. */
function answers<T>(given: T | T[] | undefined, fallback: T): () => T {
  const list = given === undefined ? [fallback] : Array.isArray(given) ? given : [given];
  let i = 0;
  return () => list[Math.min(i++, list.length - 1)] as T;
}

const isFile = (v: unknown): v is FileAnswer => typeof v === 'object' && v !== null && 'name' in v && 'size' in v && 'type' in v;
const isRef = (v: unknown): v is { $record: string } => typeof v === 'object' && v !== null && '$record' in v;

/** The messages a widget shows: a text area all of them, any other widget the first (spec §5). */
function shownMessages(field: FieldConfig | undefined, messages: string[]): string[] {
  if (messages.length === 0) return [];
  return field?.widget === 'textarea' ? [...new Set(messages)] : [messages[0] as string];
}

export async function playHeadless(loaded: LoadedFixture, settlement: Settlement): Promise<Observation> {
  const { fixture, file, text } = loaded;
  const fail = (pointer: string, message: string): never => {
    throw new FixtureError([{ file, pointer, message }], text);
  };
  const flow = settlement.flows[fixture.formType] ?? fail('/formType', `the settlement has no flow file for ${fixture.formType}`);
  const formType = fixture.formType;
  const models: ModelConfig[] = settlement.models;
  const culture = fixture.culture ?? 'en';
  if (!settlement.locales[culture]) fail('/culture', `the settlement has no locale file for "${culture}" (has: ${Object.keys(settlement.locales).join(', ')})`);
  const translator = createTranslator({ culture, dictionaries: settlement.locales });
  const now = new Date(fixture.now);
  const env: ValidationEnv = { t: translator.t, whitelist: settlement.whitelist, now };
  const options: GroupOptions = { formType, modelConfigs: models, internationalAddresses: settlement.settings.internationalAddresses };
  const ids = createIdSource(seededRandom(20260315));
  const files: DocumentFile[] = [];
  const submissions: SubmissionPayload[] = [];
  const recordIds: Record<string, string> = {};

  const nextAuthorize = answers<AuthorizeAnswer>(fixture.authorize, { authorized: true });
  const nextSubmit = answers<SubmitAnswer>(fixture.submit, { submitted: true, referenceCodeForm: DEFAULT_REFERENCE_CODE });
  const machine = createFormMachine(flow).provide({
    actors: {
      authorize: fromPromise<AuthorizeResponse, AuthorizeInput>(async () => {
        const answer = nextAuthorize();
        if ('fails' in answer) throw new Error('The authorize call failed (as the fixture says).');
        return { authorized: answer.authorized, error: answer.error ?? null, code: answer.code ?? null, captcha: answer.captcha ?? null, prepopulatedData: answer.prepopulatedData ?? null };
      }),
      submit: fromPromise<SubmitResponse, SubmitInput>(async ({ input }) => {
        submissions.push(
          buildPayload({
            formType: input.formType,
            store: input.store,
            files,
            culture,
            reCaptchaResponse: input.captchaToken,
            captchaRawValue: input.captchaRawValue,
            prepopulatedData: input.prepopulatedData,
            // The settlement's declared models go under their own keys, as the app sends them.
            models: models.filter((c) => c.metadata.formType === input.formType && flow.models.includes(c.metadata.dtoMapping)),
            skipped: { flow, isSkipped: (page) => input.skippedPages.includes(page.id) },
          }),
        );
        const answer = nextSubmit();
        if ('fails' in answer) throw new Error('The submit call failed (as the fixture says).');
        return { submitted: answer.submitted, error: answer.error ?? null, referenceCodeForm: answer.referenceCodeForm ?? null };
      }),
    },
  });

  const clock = new SimulatedClock();
  clock.set(now.getTime());
  const actor = createActor(machine, {
    clock,
    input: { store: initStore(models, formType, ids), now: () => clock.now(), minSessionDuration: settlement.settings.minSessionDuration },
  });
  const pages: string[] = [];
  actor.on('pageChanged', (e) => pages.push(e.pageId));
  actor.start();
  const current = () => actor.getSnapshot().context.navigation.currentPage;
  const store = () => actor.getSnapshot().context.store;
  const setStore = (next: ModelStoreState) => actor.send({ type: 'UPDATE_STORE', store: next });
  const settled = () =>
    waitFor(actor, (s) => s.status !== 'active' || !(s.matches({ open: { flow: 'authorizing' } }) || s.matches({ open: { flow: 'submitting' } })));
  pages.push(current() ?? '');

  const steps: StepObservation[] = [];
  try {
    for (const [i, step] of fixture.steps.entries()) {
      const at = `/steps/${i}`;
      const obs: StepObservation = { page: current(), records: {}, errors: {} };
      steps.push(obs);
      if (obs.page !== step.page) break;
      const page = flow.pages.find((p) => p.id === step.page) as PageConfig;

      // Opening the page: defaults on empty fields, then dependency resets.
      setStore(preparePage(page, store(), options));

      if (step.expectValues) {
        obs.values = {};
        for (const [model, fields] of Object.entries(step.expectValues)) {
          const m = findModel(store(), model) ?? fail(`${at}/expectValues/${model}`, `the form has no model "${model}"`);
          obs.values[model] = Object.fromEntries(Object.keys(fields).map((f) => [f, m.fields[f] ?? null]));
        }
      }

      for (const [model, fields] of Object.entries(step.answers ?? {})) {
        for (const [field, value] of Object.entries(fields)) {
          const pointer = `${at}/answers/${model}/${field}`;
          const groups = pageFieldGroups(page, store(), options).filter((g) => g.kind === 'single' && g.model.metadata.dtoMapping === camelCase(model));
          if (groups.length === 0) fail(`${at}/answers/${model}`, `page "${page.id}" shows no fields of "${model}"${modelsOnPage(page)}`);
          const group = groups.find((g) => g.fields.some((f) => f.key === field));
          const config = group?.fields.find((f) => f.key === field);
          if (!group || !config) {
            fail(pointer, `page "${page.id}" shows no field "${field}" of "${model}" (its fields: ${groups.flatMap((g) => g.fields.map((f) => f.key)).join(', ')})`);
            return undefined as never;
          }
          const outcome = dependencyOutcome(config, group.model, modelsScope(store()));
          if (!outcome.visible || outcome.disabled) fail(pointer, `"${field}" is ${outcome.visible ? 'disabled' : 'hidden'} at this moment; answer the field it depends on first`);
          setStore(fill(store(), group.model.clientId, config, value, pointer));
          setStore(applyDependencyResets(page, store(), options));
        }
      }

      for (const [model, records] of Object.entries(step.records ?? {})) {
        const blocks = page.blocks.filter(
          (b): b is RecordsBlock => b.block === 'records' && camelCase(b.model) === camelCase(model) && blockVisible(b, { models: modelsScope(store()) }),
        );
        if (blocks.length !== 1) fail(`${at}/records/${model}`, `page "${page.id}" has ${blocks.length} records blocks of "${model}" shown; exactly one is needed`);
        const block = blocks[0] as RecordsBlock;
        obs.records[model] = records.map((record, j) => addRecord(page, block, record, `${at}/records/${model}/${j}`));
      }

      for (const [j, name] of (step.deleteRecords ?? []).entries()) {
        const id = recordIds[name] ?? fail(`${at}/deleteRecords/${j}`, `no record is named "${name}" with "$as" in an earlier step`);
        setStore(deleteRecord(store(), id));
      }

      if (step.goto !== undefined) {
        actor.send({ type: 'GOTO', pageId: step.goto });
        continue;
      }
      const press = step.press ?? 'primary';
      if (press === 'back') actor.send({ type: 'BACK' });
      if (press !== 'primary') continue;
      const action = page.action ?? 'next';
      if (action === 'none') fail(`${at}/press`, `page "${page.id}" has no primary button; write "press": "none"`);
      // Leaving the page saves the typed records that validate, as the page does.
      setStore(saveEnteredDrafts(page, store(), options, env).store);
      obs.errors = pageErrors(page);
      if (Object.keys(obs.errors).length > 0) continue;
      if (action === 'next') actor.send({ type: 'NEXT' });
      else if (action === 'authorize' || action === 'lookup') {
        actor.send({ type: 'AUTHORIZE', credentials: findModel(store(), 'credentials'), captchaToken: HEADLESS_CAPTCHA_TOKEN });
        await settled();
        // A refused sign-in stays on its page, its message under the fields its code concerns (as the page shows it).
        const { authorized, authorizationError, authorizationErrorCode } = actor.getSnapshot().context;
        if (action === 'authorize' && !authorized && authorizationError) {
          const view = refusalView(page, { code: authorizationErrorCode, message: authorizationError }, (key) => translator.t(key));
          for (const block of page.blocks) {
            if (block.block !== 'model') continue;
            for (const field of block.fields) {
              const message = view.fieldErrors[fieldDomId(block.model, null, field.key)];
              if (message !== undefined) obs.errors[field.key] = [message];
            }
          }
        }
      } else if (action === 'submit') {
        actor.send({ type: 'SUBMIT', captchaToken: HEADLESS_CAPTCHA_TOKEN });
        await settled();
      }
      const resultBlock = page.blocks.find((b): b is LookupResultBlock => b.block === 'lookupResult');
      if (resultBlock) {
        const r = actor.getSnapshot().context.lookupResult;
        // As the look-up result block shows it.
        obs.result = r === null ? null : lookupResultView(page, resultBlock, actor.getSnapshot().context.store, { authorized: r.authorized, error: r.error ?? null }, translator.t);
      }
    }
  } finally {
    actor.stop();
  }
  return { pages, steps, submissions, recordIds };

  /** One answer into one field, as its widget stores it. */
  function fill(state: ModelStoreState, clientId: string, field: FieldConfig, value: unknown, pointer: string): ModelStoreState {
    if (field.widget === 'file') {
      if (!isFile(value)) fail(pointer, `"${field.key}" is a file field; give { "name", "type", "size" }`);
      return setFileField(state, clientId, field.key, value as FileAnswer);
    }
    if (isFile(value)) fail(pointer, `"${field.key}" is not a file field (widget ${field.widget})`);
    if (isRef(value)) {
      const id = recordIds[value.$record] ?? fail(pointer, `no record is named "${value.$record}" with "$as" before this point`);
      return setFieldValue(state, clientId, field.key, id);
    }
    return setFieldValue(state, clientId, field.key, value as FieldValue);
  }

  /**
   * Add more, fill the draft, Upload/Save: saved when it validates, else its errors and Cancel.
   * With $unsaved the draft is filled and left open.
   */
  function addRecord(page: PageConfig, block: RecordsBlock, record: RecordAnswer, at: string): Record<string, string[]> | null {
    const config = findConfig(models, formType, block.model);
    const { $as, $expectErrors: _expected, $unsaved, ...values } = record;
    const added = addDraft(store(), config, ids, block.fixedValues);
    setStore(added.state);
    const clientId = added.clientId;
    for (const [field, value] of Object.entries(values)) {
      const fieldConfig = block.fields.find((f) => f.key === field);
      if (!fieldConfig) fail(`${at}/${field}`, `the records block of "${block.model}" on page "${page.id}" has no field "${field}" (its fields: ${block.fields.map((f) => f.key).join(', ')})`);
      const draft = findByClientId(store(), clientId);
      const outcome = dependencyOutcome(fieldConfig as FieldConfig, draft, modelsScope(store()));
      if (!outcome.visible || outcome.disabled) fail(`${at}/${field}`, `"${field}" is ${outcome.visible ? 'disabled' : 'hidden'} at this moment`);
      setStore(fill(store(), clientId, fieldConfig as FieldConfig, value, `${at}/${field}`));
      setStore(applyDependencyResets(page, store(), options));
    }
    if ($unsaved) {
      if ($as !== undefined) recordIds[$as] = clientId;
      return null;
    }
    const draft = findByClientId(store(), clientId);
    const errors = recordErrors(block, draft, config);
    const valid = Object.keys(errors).length === 0;
    let saved = valid;
    if (block.kind === 'file') {
      const result = saveFileDraft(store(), clientId, valid);
      setStore(result.state);
      saved = result.saved;
      if (result.errorKey) {
        const fileField = block.fields.find((f) => f.widget === 'file')?.key ?? 'file';
        const message = translator.lookup(result.errorKey) ?? USER_MESSAGES.fileExists.en;
        errors[fileField] = [message];
      }
    } else {
      setStore(saveDraft(store(), clientId, valid));
    }
    if (!saved) {
      setStore(discardDraft(store(), clientId));
      return errors;
    }
    // As the page stores every change: a saved record may reset what depends on the list.
    setStore(applyDependencyResets(page, store(), options));
    if ($as !== undefined) recordIds[$as] = clientId;
    const fileValue = Object.values(values).find(isFile);
    if (block.kind === 'file' && fileValue) {
      files.push({ clientId, name: fileValue.name, size: fileValue.size, type: fileValue.type, data: new Uint8Array(fileValue.size) });
    }
    return null;
  }

  /** The errors of a record's shown fields, as its widgets show them. */
  function recordErrors(block: RecordsBlock, draft: FormModel, config: ModelConfig): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const field of block.fields) {
      const state = computeFieldState(field, draft, config, modelsScope(store()), env);
      const shown = state.visible ? shownMessages(field, state.errors) : [];
      if (shown.length > 0) out[field.key] = shown;
    }
    return out;
  }

  /** The errors that refuse the primary button, keyed by field (block messages by camel-cased model). */
  function pageErrors(page: PageConfig): Record<string, string[]> {
    const state = store();
    const formDirty = Object.keys(state.everEdited).length > 0;
    const { errors } = validatePage(page, models, state, { ...env, formType, settings: { internationalAddresses: options.internationalAddresses ?? false }, formDirty });
    const groups = pageFieldGroups(page, state, options);
    const out: Record<string, string[]> = {};
    for (const e of errors) {
      const group = e.clientId === '' ? undefined : groups.find((g) => g.model.clientId === e.clientId && g.fields.some((f) => f.key === e.field));
      if (!group) {
        // A records block's own message (unsaved record, minimum, a parent record without its children): keyed by its model.
        const key = camelCase(e.field);
        out[key] = [...(out[key] ?? []), e.message];
        continue;
      }
      const field = group.fields.find((f) => f.key === e.field);
      const all = field ? computeFieldState(field, group.model, group.config, modelsScope(state), env).errors : [e.message];
      out[e.field] = shownMessages(field, all.length > 0 ? all : [e.message]);
    }
    return out;
  }

  function modelsOnPage(page: PageConfig): string {
    const names = [...new Set(page.blocks.flatMap((b) => (b.block === 'model' || b.block === 'address' ? [camelCase(b.model)] : [])))];
    return names.length > 0 ? ` (its models: ${names.join(', ')})` : ' (it has no model fields)';
  }
}
