/**
 * A walk through one form, drawn by the claimant renderer in a frame of the settlement's theme and
 * driven by the claimant's own form machine (runtime/machine) and page logic (runtime/core/view:
 * skip rules, dependencies, validation). A sign-in goes to the studio server, which asks the real
 * claims server for the folder; a Submit sends the claim, built as the claimant app builds it, in
 * that sign-in's session. Each page left, or each press the page refused, is a fixture step: the
 * answers typed on it (in the order first typed), the records saved, refused and deleted there,
 * those a refused press left open (finished or cancelled in a later step), the errors a refused
 * press showed, and the button pressed.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { createActor, fromPromise, type Actor } from 'xstate';
import { REGISTRIES } from '../../runtime/app/forms/registries';
import { createTranslate } from '../../runtime/app/translate';
import { pressPrimary, saveRecord, type PageEngineContext } from '../../runtime/core/actions';
import { backTarget, scopeFromStore, skipPredicate } from '../../runtime/core/navigation';
import { camelCase, createIdSource, findModel, getDrafts, initStore, modelsScope, setFieldValue } from '../../runtime/core/models';
import { submitPayload } from '../../runtime/core/payload/build';
import type { DeadlineSettings, DocumentFile, FlowFile, ModelConfig, ModelStoreState, RecordsBlock, SubmitResponse } from '../../runtime/core/types';
import { fieldDomId, recordsDomId } from '../../runtime/core/view/dom-ids';
import type { ValidationEnv } from '../../runtime/core/view/types';
import type { GroupOptions } from '../../runtime/core/view/page-groups';
import { preparePage } from '../../runtime/core/view/dependencies';
import { refusalView } from '../../runtime/core/view/refusal';
import { createFormMachine, type SubmitInput } from '../../runtime/machine';
import { PageRenderer } from '../../runtime/react';
import { PRIMARY_ACTION_ID } from '../../runtime/core/site/prerender';
import baseCss from '../../themes/base.css?url';
import defaultTheme from '../../themes/default/theme.css?url';
import ftcTheme from '../../themes/ftc/theme.css?url';
import kontentTheme from '../../themes/kontent/theme.css?url';
import { pageErrorsShown } from '../../tooling/fixtures/shown-errors';
import { walkAuthorize, walkSignatureDate, walkSubmit } from './fixturesApi';
import { answersOnPage, blockRecords, cancelledOpen, continuedRecord, deletedRecords, leftOpen, recordEntry, type OpenRecord, type RecordEntry, type WalkRecord, type WalkStep } from './walk-record';
import { t } from './texts';

const THEMES: Record<string, string> = { default: defaultTheme, ftc: ftcTheme, kontent: kontentTheme };

/** One message as the fixture writes it, several as a list. */
const asExpected = (errors: Record<string, string[]>): Record<string, string | string[]> =>
  Object.fromEntries(Object.entries(errors).map(([key, messages]) => [key, messages.length === 1 ? messages[0]! : messages]));

/**
 * A frame of this origin with the claimant theme's stylesheets, whose body React draws into; a
 * click in it is told before the page takes it. Its document is written once per theme and
 * culture, and the walk's pages are drawn into the same body: written anew for each page, the frame
 * would load its stylesheets again and draw the page twice (into the body it replaces, then the
 * new one).
 */
function ThemedFrame({ title, theme, culture, onClick, children }: { title: string; theme: string; culture: string; onClick(target: Element): void; children: ReactNode }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    doc.open();
    doc.write(
      `<!doctype html><html lang="${culture}" data-theme="${theme}"><head><meta charset="utf-8"><title></title><link rel="stylesheet" href="${baseCss}"><link rel="stylesheet" href="${THEMES[theme] ?? defaultTheme}"></head><body></body></html>`,
    );
    doc.close();
    setBody(doc.body);
  }, [culture, theme]);
  // Each page of the walk names itself in the frame's title, and opens at its top.
  useEffect(() => {
    if (!body) return;
    body.ownerDocument.title = title;
    body.ownerDocument.defaultView?.scrollTo(0, 0);
  }, [body, title]);
  const clicked = useRef(onClick);
  clicked.current = onClick;
  useEffect(() => {
    if (!body) return;
    const doc = body.ownerDocument;
    // Captured on the document: before the page's own handlers change anything.
    const listener = (event: Event) => event.target instanceof doc.defaultView!.Element && clicked.current(event.target);
    doc.addEventListener('click', listener, true);
    return () => doc.removeEventListener('click', listener, true);
  }, [body]);
  return (
    <div className="walk-frame">
      <iframe ref={frame} title={title} width={900} height={560} data-walk-frame="" />
      {body && createPortal(children, body)}
    </div>
  );
}

type FormActor = Actor<ReturnType<typeof createFormMachine>>;

export function Walk({ flow, models, whitelist, culture, texts, deadlines, theme, onChange }: {
  flow: FlowFile;
  models: ModelConfig[];
  /** Every character the settlement accepts (whitelist.json), or null for any. */
  whitelist: string | null;
  culture: string;
  texts: Record<string, string>;
  /** The settlement's deadlines: a text naming a deadline date shows the date. */
  deadlines: DeadlineSettings;
  theme: string;
  /** Every change of what the walk recorded. */
  onChange(walk: WalkRecord): void;
}) {
  const formType = flow.formType;
  const translate = useMemo(() => createTranslate(culture, texts, deadlines), [culture, texts, deadlines]);
  const options: GroupOptions = useMemo(() => ({ formType, modelConfigs: models }), [formType, models]);
  const ids = useMemo(() => createIdSource(), []);
  const [failure, setFailure] = useState<string | null>(null);
  const record = useRef<WalkRecord>({ formType, culture, now: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), steps: [], pages: [], authorize: [], submitted: false, submit: [], payload: null });
  // The page being walked: its store when it opened, the order its fields were first changed in, and its records saved or refused, in order.
  const opened = useRef<{ page: string; store: ModelStoreState; order: string[]; records: Array<{ block: RecordsBlock; saved?: string; refused?: RecordEntry }> } | null>(null);
  // The records the steps so far recorded (by client id), and the sign-in's session a Submit goes in.
  const recorded = useRef(new Set<string>());
  // The records a refused press left open (by client id), which a later step finishes or cancels.
  const open = useRef(new Map<string, OpenRecord>());
  const session = useRef<string | null>(null);
  // The files chosen in file fields, as the claimant app keeps them beside the store.
  const [documents, setDocuments] = useState<DocumentFile[]>([]);
  const documentsRef = useRef(documents);
  documentsRef.current = documents;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const actor: FormActor = useMemo(() => {
    const machine = createFormMachine(flow).provide({
      actors: {
        authorize: fromPromise(async ({ input }) => {
          try {
            const { answer, session: signedIn } = await walkAuthorize(formType, input.credentials!);
            setFailure(null);
            record.current.authorize.push(answer);
            if (answer.authorized) session.current = signedIn;
            return answer;
          } catch (error) {
            setFailure(t('walkSignInFailed', { error: error instanceof Error ? error.message : String(error) }));
            throw error;
          }
        }),
        submit: fromPromise<SubmitResponse, SubmitInput>(async ({ input }) => {
          // The files in the order their records were saved, as the headless player keeps them.
          const order = input.store.saved.map((m) => m.clientId);
          const files = [...documentsRef.current].sort((a, b) => order.indexOf(a.clientId) - order.indexOf(b.clientId));
          const payload = submitPayload(input, { flow, modelConfigs: models, files, culture });
          record.current.submitted = true;
          record.current.payload = { ...payload, documents: payload.documents?.map((d) => ({ clientId: d.clientId, name: d.name, type: d.type, size: d.size, data: new Uint8Array(0) })) ?? null };
          try {
            const answer = await walkSubmit(formType, session.current ?? '', payload);
            // A refusal is recorded as the server gave it; the walk shows its words.
            setFailure(answer.submitted ? null : t('walkSubmitFailed', { error: answer.error ?? '' }));
            record.current.submit.push(answer);
            onChangeRef.current({ ...record.current });
            return answer;
          } catch (error) {
            setFailure(t('walkSubmitFailed', { error: error instanceof Error ? error.message : String(error) }));
            throw error;
          }
        }),
      },
    });
    return createActor(machine, { input: { store: initStore(models, formType, ids) } });
  }, [flow, models, formType, ids, culture]);

  const [snapshot, setSnapshot] = useState(() => actor.getSnapshot());
  useEffect(() => {
    const seen = actor.subscribe((s) => setSnapshot(s));
    const changed = actor.on('pageChanged', (e) => {
      record.current.pages.push(e.pageId);
      onChangeRef.current({ ...record.current });
    });
    actor.start();
    setSnapshot(actor.getSnapshot());
    const first = actor.getSnapshot().context.navigation.currentPage;
    if (first && record.current.pages.length === 0) record.current.pages.push(first);
    onChangeRef.current({ ...record.current });
    return () => {
      seen.unsubscribe();
      changed.unsubscribe();
      actor.stop();
    };
  }, [actor]);

  const context = snapshot.context;
  const pageId = context.navigation.currentPage;
  const page = flow.pages.find((p) => p.id === pageId);
  // A page holding the signature gets today's date from the claims server, as the claimant app's does (runtime/app/forms/FormPage.tsx); the walk records it as typed.
  const storeChange = useRef<((next: ModelStoreState) => void) | null>(null);
  const needsDate = Boolean(page?.blocks.some((b) => b.block === 'model' && b.model === 'Signature' && b.fields.some((f) => f.key === 'signatureDate')));
  // Settles once the date asked for is in the answers (or was refused): a Submit pressed before waits for it.
  const dated = useRef<Promise<void>>(Promise.resolve());
  useEffect(() => {
    if (!needsDate) {
      dated.current = Promise.resolve();
      return;
    }
    let live = true;
    dated.current = walkSignatureDate(culture).then(
      (info) => {
        const now = actor.getSnapshot().context.store;
        const signature = findModel(now, 'signature');
        if (live && signature && signature.fields.signatureDate !== info.signatureDate) storeChange.current?.(setFieldValue(now, signature.clientId, 'signatureDate', info.signatureDate));
      },
      (error: unknown) => {
        if (live) setFailure(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      live = false;
    };
  }, [needsDate, pageId, culture, actor]);
  if (page && opened.current?.page !== page.id) opened.current = { page: page.id, store: preparePage(page, context.store, options), order: [], records: [] };
  const env: ValidationEnv = { t: translate, whitelist, now: new Date() };

  const busy = snapshot.matches({ open: { flow: 'authorizing' } }) || snapshot.matches({ open: { flow: 'submitting' } });
  const canGoBack = page !== undefined && page.action !== 'none' && backTarget(context.navigation, skipPredicate(flow, scopeFromStore(context.store))) !== null;
  const refusal = page?.action === 'authorize' && context.authorizationError ? refusalView(page, { code: context.authorizationErrorCode, message: context.authorizationError }, translate) : null;

  if (!page) return <p role="status">{t('walkSubmitted')}</p>;

  const onStoreChange = (next: ModelStoreState) => {
    // A record saved on the page (Save, Upload, or the press that saves what was typed) is the step's, in the order saved.
    for (const { block, records } of blockRecords(page, next)) {
      const was = new Set(blockRecords(page, actor.getSnapshot().context.store).flatMap((b) => b.records.map((r) => r.clientId)));
      for (const r of records) if (!was.has(r.clientId) && !recorded.current.has(r.clientId)) opened.current?.records.push({ block, saved: r.clientId });
    }
    const before = modelsScope(actor.getSnapshot().context.store);
    const after = modelsScope(next);
    const order = opened.current?.order ?? [];
    for (const [model, fields] of Object.entries(after)) {
      for (const [field, value] of Object.entries(fields)) {
        const key = `${model}\u0000${field}`;
        if (!Object.is(value, before[model]?.[field] ?? null) && !order.includes(key)) order.push(key);
      }
    }
    actor.send({ type: 'UPDATE_STORE', store: next });
  };
  storeChange.current = onStoreChange;

  const step = (now: ModelStoreState = actor.getSnapshot().context.store): WalkStep => {
    const answers = answersOnPage(page, opened.current?.store ?? context.store, now, opened.current?.order ?? [], options);
    const records: Record<string, RecordEntry[]> = {};
    for (const { block, saved, refused } of opened.current?.records ?? []) {
      const list = (records[camelCase(block.model)] ??= []);
      if (refused) list.push(refused);
      const kept = saved === undefined ? undefined : now.saved.find((m) => m.clientId === saved);
      // A record deleted again on the same page is not the step's.
      if (saved === undefined || !kept) continue;
      list.push(continuedRecord(kept, now, open.current, recorded.current) ?? { $as: saved, ...recordEntry(block, kept, now, recorded.current) });
      recorded.current.add(saved);
    }
    for (const [model, list] of Object.entries(records)) if (list.length === 0) delete records[model];
    const deleted = [...(opened.current ? deletedRecords(page, opened.current.store, now, recorded.current) : []), ...cancelledOpen(page, now, open.current)];
    return { page: page.id, ...(answers ? { answers } : {}), ...(Object.keys(records).length > 0 ? { records } : {}), ...(deleted.length > 0 ? { deleteRecords: deleted } : {}) };
  };
  const recordStep = (s: WalkStep) => {
    record.current.steps.push(s);
    // The same page again (a refused sign-in, another look-up) starts from what it shows now.
    opened.current = null;
    onChangeRef.current({ ...record.current });
  };

  /**
   * A click in the page, before the page takes it, told by the page engine that the page runs: a
   * record's Save or Upload that its errors (or a file name already used) refuse is one of the
   * step's records with its $expectErrors; a press of the page's button that its errors refuse is
   * a step with its expectErrors, the walk staying on the page.
   */
  const onClick = (target: Element) => {
    const now = actor.getSnapshot().context.store;
    const engine: PageEngineContext = { ...env, options };
    if (target.closest(`#${PRIMARY_ACTION_ID}`)) {
      if ((page.action ?? 'next') === 'none') return;
      const press = pressPrimary(page, now, documentsRef.current, engine);
      if (press.errors.length === 0) return;
      const errors = pageErrorsShown(page, press.errors, press.store, env, options);
      // The records the press saves are the step's, as when it goes through.
      for (const { block, records } of blockRecords(page, press.store)) {
        for (const r of records) if (press.saved.includes(r.clientId) && !recorded.current.has(r.clientId)) opened.current?.records.push({ block, saved: r.clientId });
      }
      const taken = step(press.store);
      // The records still open stay open in the fixture, to be finished or cancelled in a later step.
      for (const { block, entry } of leftOpen(page, press.store, open.current, recorded.current)) ((taken.records ??= {})[camelCase(block.model)] ??= []).push(entry);
      recordStep({ ...taken, expectErrors: asExpected(errors) });
      return;
    }
    const button = target.closest('button');
    const actions = button?.closest('.cf-records__draft > .cf-records__actions');
    if (!button || !actions || actions.querySelector('button') !== button) return;
    const section = actions.closest('.cf-records');
    const block = page.blocks.find((b): b is RecordsBlock => b.block === 'records' && recordsDomId(b.model, b.fixedValues) === section?.id);
    if (!block || !section) return;
    const draft = getDrafts(now, block.model, block.fixedValues)[Array.from(section.querySelectorAll('.cf-records__draft')).indexOf(actions.parentElement!)];
    if (!draft) return;
    // A prediction: the ids of a record it would open are not the walk's.
    const outcome = saveRecord(page, block, draft.clientId, now, documentsRef.current, engine, createIdSource());
    // A failed upload is the server's and the network's, which a fixture does not replay.
    const errors = outcome.kind === 'invalid' ? outcome.errors : outcome.kind === 'dropped' && outcome.reason === 'nameTaken' ? { [outcome.field]: [outcome.message] } : {};
    if (Object.keys(errors).length === 0) return;
    opened.current?.records.push({ block, refused: { ...recordEntry(block, draft, now, recorded.current), $expectErrors: asExpected(errors) } });
  };

  const onAction = async (action: string) => {
    if (action === 'back') {
      recordStep({ ...step(), press: 'back' });
      actor.send({ type: 'BACK' });
    } else if (action === 'next') {
      recordStep(step());
      actor.send({ type: 'NEXT' });
    } else if (action === 'authorize' || action === 'lookup') {
      const taken = step();
      actor.send({ type: 'AUTHORIZE', credentials: findModel(actor.getSnapshot().context.store, 'credentials'), captchaToken: null });
      const done = await new Promise<ReturnType<FormActor['getSnapshot']>>((resolve) => {
        const sub = actor.subscribe((s) => {
          if (!s.matches({ open: { flow: 'authorizing' } })) {
            sub.unsubscribe();
            resolve(s);
          }
        });
      });
      const c = done.context;
      if (action === 'lookup' && c.lookupResult) {
        // The box's own text names the VIN typed; the server's refusal is its words, worth expecting.
        const result = page.blocks.find((b) => b.block === 'lookupResult') as { warningKey: string } | undefined;
        const expectResult: WalkStep['expectResult'] = c.lookupResult.authorized
          ? { feedback: 'success' }
          : { feedback: 'warning', text: c.lookupResult.error ?? translate(result?.warningKey ?? '') };
        recordStep({ ...taken, expectResult });
      } else if (!c.authorized && c.authorizationError) {
        // A refused sign-in: its message under the fields its code concerns, as the page shows it.
        const view = refusalView(page, { code: c.authorizationErrorCode, message: c.authorizationError }, translate);
        const expectErrors: Record<string, string> = {};
        for (const block of page.blocks) {
          if (block.block !== 'model') continue;
          for (const field of block.fields) {
            const message = view.fieldErrors[fieldDomId(block.model, null, field.key)];
            if (message !== undefined) expectErrors[field.key] = message;
          }
        }
        recordStep({ ...taken, ...(Object.keys(expectErrors).length > 0 ? { expectErrors } : {}) });
      } else if (c.authorized) {
        recordStep(taken);
      }
    } else if (action === 'submit') {
      await dated.current;
      recordStep(step());
      actor.send({ type: 'SUBMIT', captchaToken: null });
    }
  };

  return (
    <>
      {failure && <p role="alert">{failure}</p>}
      <ThemedFrame title={t('walkFrame', { form: formType, page: page.id })} theme={theme} culture={culture} onClick={onClick}>
        <main id="main-content" lang={culture}>
          <PageRenderer
            key={page.id}
            registries={REGISTRIES}
            page={page}
            pages={flow.pages}
            formType={formType}
            modelConfigs={models}
            store={context.store}
            documents={documents}
            onDocumentsChange={setDocuments}
            onStoreChange={onStoreChange}
            t={translate}
            whitelist={whitelist}
            now={new Date()}
            culture={culture}
            ids={ids}
            lookupResult={context.lookupResult}
            refusal={refusal}
            canGoBack={canGoBack}
            isNavigating={busy}
            referenceCode={context.referenceCode ?? null}
            onAction={(action) => onAction(action)}
          />
        </main>
      </ThemedFrame>
    </>
  );
}
