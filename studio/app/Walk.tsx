/**
 * A walk through one form, drawn by the claimant renderer in a frame of the settlement's theme and
 * driven by the claimant's own form machine (runtime/machine) and page logic (runtime/core/view:
 * skip rules, dependencies, validation). A sign-in goes to the studio server, which asks the real
 * claims server for the folder; a Submit is answered here and sends nothing. Each page left is a
 * fixture step: the answers typed on it (in the order first typed) and the button pressed.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { createActor, fromPromise, type Actor } from 'xstate';
import { REGISTRIES } from '../../runtime/app/forms/registries';
import { createTranslate } from '../../runtime/app/translate';
import { backTarget, scopeFromStore, skipPredicate } from '../../runtime/core/navigation';
import { createIdSource, findModel, initStore, modelsScope } from '../../runtime/core/models';
import type { FlowFile, ModelConfig, ModelStoreState, SubmitResponse } from '../../runtime/core/types';
import { fieldDomId } from '../../runtime/core/view/dom-ids';
import type { GroupOptions } from '../../runtime/core/view/page-groups';
import { preparePage } from '../../runtime/core/view/dependencies';
import { refusalView } from '../../runtime/core/view/refusal';
import { createFormMachine, type SubmitInput } from '../../runtime/machine';
import { PageRenderer } from '../../runtime/react';
import baseCss from '../../themes/base.css?url';
import defaultTheme from '../../themes/default/theme.css?url';
import ftcTheme from '../../themes/ftc/theme.css?url';
import kontentTheme from '../../themes/kontent/theme.css?url';
import { walkAuthorize } from './fixturesApi';
import { answersOnPage, type WalkRecord, type WalkStep } from './walk-record';
import { t } from './texts';

const THEMES: Record<string, string> = { default: defaultTheme, ftc: ftcTheme, kontent: kontentTheme };
/** The reference code a walk's Submit is answered with: the headless player's default, so a replay agrees. */
const WALK_REFERENCE_CODE = 'FIXTURE-REF-0001';

/** A frame of this origin with the claimant theme's stylesheets, whose body React draws into. */
function ThemedFrame({ title, theme, culture, children }: { title: string; theme: string; culture: string; children: ReactNode }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    doc.open();
    doc.write(
      `<!doctype html><html lang="${culture}" data-theme="${theme}"><head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" href="${baseCss}"><link rel="stylesheet" href="${THEMES[theme] ?? defaultTheme}"></head><body></body></html>`,
    );
    doc.close();
    setBody(doc.body);
  }, [culture, theme, title]);
  return (
    <div className="walk-frame">
      <iframe ref={frame} title={title} width={900} height={560} data-walk-frame="" />
      {body && createPortal(children, body)}
    </div>
  );
}

type FormActor = Actor<ReturnType<typeof createFormMachine>>;

export function Walk({ flow, models, culture, texts, theme, onChange }: {
  flow: FlowFile;
  models: ModelConfig[];
  culture: string;
  texts: Record<string, string>;
  theme: string;
  /** Every change of what the walk recorded. */
  onChange(walk: WalkRecord): void;
}) {
  const formType = flow.formType;
  const translate = useMemo(() => createTranslate(culture, texts), [culture, texts]);
  const options: GroupOptions = useMemo(() => ({ formType, modelConfigs: models }), [formType, models]);
  const ids = useMemo(() => createIdSource(), []);
  const [failure, setFailure] = useState<string | null>(null);
  const record = useRef<WalkRecord>({ formType, culture, now: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), steps: [], pages: [], authorize: [], submitted: false });
  // The page being walked: its store when it opened, and the order its fields were first changed in.
  const opened = useRef<{ page: string; store: ModelStoreState; order: string[] } | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const actor: FormActor = useMemo(() => {
    const machine = createFormMachine(flow).provide({
      actors: {
        authorize: fromPromise(async ({ input }) => {
          try {
            const answer = await walkAuthorize(formType, input.credentials!);
            setFailure(null);
            record.current.authorize.push(answer);
            return answer;
          } catch (error) {
            setFailure(t('walkSignInFailed', { error: error instanceof Error ? error.message : String(error) }));
            throw error;
          }
        }),
        submit: fromPromise<SubmitResponse, SubmitInput>(async () => {
          record.current.submitted = true;
          return { submitted: true, error: null, referenceCodeForm: WALK_REFERENCE_CODE };
        }),
      },
    });
    return createActor(machine, { input: { store: initStore(models, formType, ids) } });
  }, [flow, models, formType, ids]);

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
  if (page && opened.current?.page !== page.id) opened.current = { page: page.id, store: preparePage(page, context.store, options), order: [] };

  const busy = snapshot.matches({ open: { flow: 'authorizing' } }) || snapshot.matches({ open: { flow: 'submitting' } });
  const canGoBack = page !== undefined && page.action !== 'none' && backTarget(context.navigation, skipPredicate(flow, scopeFromStore(context.store))) !== null;
  const refusal = page?.action === 'authorize' && context.authorizationError ? refusalView(page, { code: context.authorizationErrorCode, message: context.authorizationError }, translate) : null;

  if (!page) return <p role="status">{t('walkSubmitted')}</p>;

  const onStoreChange = (next: ModelStoreState) => {
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

  const step = (): WalkStep => {
    const answers = answersOnPage(page, opened.current?.store ?? context.store, actor.getSnapshot().context.store, opened.current?.order ?? [], options);
    return { page: page.id, ...(answers ? { answers } : {}) };
  };
  const recordStep = (s: WalkStep) => {
    record.current.steps.push(s);
    // The same page again (a refused sign-in, another look-up) starts from what it shows now.
    opened.current = null;
    onChangeRef.current({ ...record.current });
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
      recordStep(step());
      actor.send({ type: 'SUBMIT', captchaToken: null });
    }
  };

  return (
    <>
      {failure && <p role="alert">{failure}</p>}
      <ThemedFrame title={t('walkFrame', { form: formType, page: page.id })} theme={theme} culture={culture}>
        <main id="main-content" lang={culture}>
          <PageRenderer
            key={page.id}
            registries={REGISTRIES}
            page={page}
            pages={flow.pages}
            formType={formType}
            modelConfigs={models}
            store={context.store}
            onStoreChange={onStoreChange}
            t={translate}
            whitelist={null}
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
