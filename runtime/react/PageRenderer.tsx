import { memo, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { failedUpload, pressPrimary } from '../core/actions/page-press';
import { uploadsToWaitFor } from '../core/actions/uploads';
import { evaluateCondition, type ConditionScope } from '../core/conditions/evaluate';
import { devError } from '../core/errors';
import { NOT_TYPED_INPUT_TYPES, PRIMARY_ACTION_ID } from '../core/site/prerender';
import { getMask } from '../core/masks';
import { createIdSource, findConfig, modelsScope, type IdSource } from '../core/models';
import type { BlockConfig, CaptchaConfig, DeadlineSettings, DocumentFile, FormType, ModelConfig, ModelStoreState, PageAction, PageConfig } from '../core/types';
import { applyDependencyResets, preparePage } from '../core/view/dependencies';
import { ErrorSummary, focusField } from './ErrorSummary';
import { Notice } from './Notice';
import { computeFieldState } from '../core/view/field-state';
import { ModelFields, modelOfFields } from './ModelFields';
import { fieldDomId } from '../core/view/dom-ids';
import type { GroupOptions } from '../core/view/page-groups';
import type { RefusalView } from '../core/view/refusal';
import { translateOr } from './translate';
import type { BlockComponent, BlockRegistry, CaptchaHandle, PageContext, PageFieldError, RenderFieldsArgs, RendererRegistries, RendererSettings, StoreSource, Translate } from './types';
import { fieldError, validatePage } from '../core/view/validatePage';

/** Keys of the renderer's own texts. */
export const PAGE_KEYS = {
  errorSummaryTitle: 'LocKey_ErrorSummary_Heading',
  back: 'LocKey_Button_Back',
  submitting: 'LocKey_Page_Submitting',
  captchaFailed: 'LocKey_Captcha_Failed',
  waitForUploads: 'LocKey_Documents_WaitForUpload',
  actions: {
    next: 'LocKey_Button_Next',
    authorize: 'LocKey_Button_Continue',
    lookup: 'LocKey_Button_LookUp',
    submit: 'LocKey_Button_Submit',
  } as Record<string, string>,
} as const;

const NOT_TYPED_INPUTS: ReadonlySet<string> = new Set(NOT_TYPED_INPUT_TYPES);

/**
 * Enter pressed in a one-line field (implicit submission): a form would submit, and here that
 * means the page's primary action. Textareas keep Enter for new lines; a key a widget already
 * handled, a modifier, or an IME composition keeps its meaning.
 */
function isImplicitSubmit(event: KeyboardEvent): boolean {
  if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return false;
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  const target = event.target;
  return target instanceof HTMLInputElement && !NOT_TYPED_INPUTS.has(target.type);
}

/** Actions that first validate the page (and, with a captcha block, get a token). */
const VALIDATED_ACTIONS: ReadonlySet<string> = new Set(['next', 'authorize', 'lookup', 'submit']);
const CAPTCHA_ACTIONS: ReadonlySet<string> = new Set(['authorize', 'lookup', 'submit']);

export interface ActionDetail {
  /** The captcha token, when the page has a rendered captcha block. */
  captchaToken?: string;
}

/**
 * The answers a page draws: given on every render (`store`, the page drawn again with each change),
 * or as a store the blocks read themselves (`storeSource`: a keystroke draws the blocks, not the page).
 */
export type PageRendererProps = PageRendererBase & ({ store: ModelStoreState; storeSource?: undefined } | { store?: undefined; storeSource: StoreSource });

interface PageRendererBase {
  /** The field widgets, blocks and action button to draw with (the app's registries). */
  registries: RendererRegistries;
  page: PageConfig;
  formType: FormType;
  modelConfigs: ModelConfig[];
  /** Files chosen in file fields, kept beside the models. */
  documents?: DocumentFile[];
  t: Translate;
  /** Allowed characters (characterSetRestriction); null when not loaded. */
  whitelist: string | null;
  now: Date;
  culture?: string;
  /** Every page of the flow (summary labels); default: this page only. */
  pages?: PageConfig[];
  settings?: RendererSettings;
  captcha?: CaptchaConfig | null;
  /** Where the captcha block exposes execute() and reset(). */
  captchaRef?: Ref<CaptchaHandle | null>;
  onCaptchaProgress?: (inProgress: boolean) => void;
  isNavigating?: boolean;
  /** The page's submit is in flight: a status line says so (an upload may take minutes). */
  isSubmitting?: boolean;
  referenceCode?: string | null;
  /** When the submission was accepted (the confirmation shows it in the settlement's zone). */
  submittedAt?: number | null;
  /** Where the e-mail receipt goes (masked), when one is being sent. */
  receiptAddress?: string | null;
  /** The settlement's deadlines: their zone is the one dates and times are told in. */
  deadlines?: DeadlineSettings;
  lookupResult?: PageContext['lookupResult'];
  /** The server's refusal of the page's action: a summary line and the errors of the fields it concerns, or a notice when it is not the claimant's to correct. */
  refusal?: RefusalView | null;
  /** Saved document records can be edited in place (their details corrected, their document kept unless another is chosen). */
  editFileRecords?: boolean;
  /** Records shown as read-only context (a cure's filed records of pages it does not ask again): a record they link to cannot be deleted here. */
  fixedRecords?: ReadonlySet<string>;
  /** Client ids for new records; default a fresh source. */
  ids?: IdSource;
  /** Show a Back button before the primary action. */
  canGoBack?: boolean;
  /** Render no action bar (the app renders its own buttons and calls validatePage). */
  hideActions?: boolean;
  /** Replace or add blocks by name. */
  blocks?: Partial<BlockRegistry>;
  /** Extra content after the blocks, before the action bar. */
  children?: ReactNode;
  /** Every store change, computed with core functions (dependency resets already applied). */
  onStoreChange: (store: ModelStoreState) => void;
  onDocumentsChange?: (documents: DocumentFile[]) => void;
  /**
   * Resolves, with the documents as they are then, once none of these is uploading any more
   * (stored, failed or removed): a press made while they upload waits for it. Without it nothing
   * can wait, and such a press is not made.
   */
  waitForUploads?: (clientIds: readonly string[]) => Promise<DocumentFile[]>;
  /**
   * The primary action or 'back'. Validated actions are only called when the page has no errors;
   * with a captcha block the token comes in `detail`, and the captcha is reset once the returned
   * promise settles.
   */
  onAction?: (action: PageAction | 'back', detail: ActionDetail) => void | Promise<unknown>;
  onEditPage?: (pageId: string) => void;
}

type ShownMap = Record<string, Set<string> | 'all'>;

/** Renders a page as its flow config says, block by block, through the block registry. */
export function PageRenderer(props: PageRendererProps) {
  const { page, formType, modelConfigs, t, whitelist, now } = props;
  const settings = useMemo(() => props.settings ?? {}, [props.settings]);
  const { widgets, blocks: baseBlocks, Button } = props.registries;
  const registry = useMemo(() => ({ ...baseBlocks, ...props.blocks }) as BlockRegistry, [baseBlocks, props.blocks]);
  // The registry's blocks that read nothing of the page but their config and the translator.
  const textOnly = useMemo(() => new Set<unknown>([baseBlocks.header, baseBlocks.copy]), [baseBlocks]);
  const ids = useMemo(() => props.ids ?? createIdSource(), [props.ids]);
  const groupOptions: GroupOptions = useMemo(
    () => ({ formType, modelConfigs, internationalAddresses: settings.internationalAddresses }),
    [formType, modelConfigs, settings.internationalAddresses],
  );

  // The latest store and documents, also between renders (several changes in one event): the
  // source's, or the one given with this render (and changes made since).
  const storeRef = useRef(props.storeSource ? props.storeSource.get() : props.store);
  if (props.store) storeRef.current = props.store;
  const givenSource = props.storeSource;
  // Given a store on each render, the blocks draw with the page's renders: the source only reads it.
  const ownSource = useRef<StoreSource | null>(null);
  ownSource.current ??= { get: () => storeRef.current, subscribe: () => () => undefined };
  const source = givenSource ?? ownSource.current;
  const sourceRef = useRef(givenSource);
  sourceRef.current = givenSource;
  const latestStore = useCallback(() => (sourceRef.current ? sourceRef.current.get() : storeRef.current), []);
  const docsRef = useRef(props.documents ?? NO_DOCUMENTS);
  docsRef.current = props.documents ?? NO_DOCUMENTS;

  const [shown, setShown] = useState<ShownMap>({});
  const [summary, setSummary] = useState<PageFieldError[]>([]);
  const [showAll, setShowAll] = useState(false);
  const [captchaBusy, setCaptchaBusy] = useState(false);
  const localCaptchaRef = useRef<CaptchaHandle | null>(null);
  const pageIdRef = useRef(page.id);
  pageIdRef.current = page.id;

  // Presses made while documents upload (Upload, Next, Submit) wait for them, one after another in
  // the order they were pressed; the documents they wait for (one entry per waiting press) show
  // a polite wait while they upload, and Enter in a field starts nothing meanwhile.
  const [awaited, setAwaited] = useState<readonly string[]>([]);
  const waitingPresses = useRef(0);
  const pressTurn = useRef<Promise<unknown>>(Promise.resolve());
  // A waiting press being made finds new uploads (a file chosen meanwhile): it waits again in its
  // own turn, not after it (which would never come).
  const makingPress = useRef(false);
  const waitForUploads = useRef(props.waitForUploads);
  waitForUploads.current = props.waitForUploads;
  const pressAfterUploads = useCallback((uploads: readonly string[], press: (documents: DocumentFile[]) => unknown): Promise<void> => {
    waitingPresses.current += 1;
    setAwaited((prev) => [...prev, ...uploads]);
    const nested = makingPress.current;
    const turn = (nested ? Promise.resolve() : pressTurn.current).then(async () => {
      try {
        // Nothing to wait with (no owner of the uploads given): the press is not made.
        const wait = waitForUploads.current;
        if (!wait) return;
        const documents = await wait(uploads);
        // The settled documents, before the page draws them: the press reads these.
        docsRef.current = documents;
        makingPress.current = true;
        let made: unknown;
        try {
          made = press(documents);
        } finally {
          makingPress.current = false;
        }
        await made;
      } finally {
        waitingPresses.current -= 1;
        setAwaited((prev) => withoutOnce(prev, uploads));
      }
    });
    if (!nested) pressTurn.current = turn.catch(() => undefined);
    return turn;
  }, []);

  const onStoreChange = props.onStoreChange;
  const setStore = useCallback(
    (next: ModelStoreState) => {
      const resolved = applyDependencyResets(page, next, groupOptions);
      storeRef.current = resolved;
      onStoreChange(resolved);
    },
    [page, groupOptions, onStoreChange],
  );

  // A new page's errors start hidden: reset while rendering it, so it does not render twice.
  const [openPageId, setOpenPageId] = useState(page.id);
  if (openPageId !== page.id) {
    setOpenPageId(page.id);
    setShown({});
    setSummary([]);
    setShowAll(false);
  }

  // Defaults on empty fields and dependency resets when a page opens (none left when the app
  // stored them before the page rendered); each records block opens its own records (openPage of
  // the page engine does both for the players).
  useEffect(() => {
    const current = latestStore();
    const prepared = preparePage(page, current, groupOptions);
    if (prepared !== current) {
      storeRef.current = prepared;
      onStoreChange(prepared);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page.id]);

  const env = { t, whitelist, now };
  const captchaOnPage = page.blocks.some((b) => b.block === 'captcha') && Boolean(settings.captchaEnabled && props.captcha?.siteKey);

  // The captcha's ref and progress callback stay the same between renders, so that a keystroke
  // does not detach and attach the widget's handle (nor redraw the memoized widget).
  const outerCaptcha = useRef({ ref: props.captchaRef, onProgress: props.onCaptchaProgress });
  outerCaptcha.current = { ref: props.captchaRef, onProgress: props.onCaptchaProgress };
  const setCaptchaRef = useCallback((handle: CaptchaHandle | null) => {
    localCaptchaRef.current = handle;
    const outer = outerCaptcha.current.ref;
    if (typeof outer === 'function') outer(handle);
    else if (outer) (outer as { current: CaptchaHandle | null }).current = handle;
  }, []);
  const onCaptchaProgress = useCallback((inProgress: boolean) => {
    setCaptchaBusy(inProgress);
    outerCaptcha.current.onProgress?.(inProgress);
  }, []);

  const setErrorsShown = (clientId: string, fields: string[] | 'all', on: boolean) => {
    setShown((prev) => {
      const current = prev[clientId];
      if (fields === 'all') {
        const copy = { ...prev };
        if (on) copy[clientId] = 'all';
        else delete copy[clientId];
        return copy;
      }
      if (current === 'all') return prev;
      const set = new Set(current ?? []);
      for (const f of fields) {
        if (on) set.add(f);
        else set.delete(f);
      }
      return { ...prev, [clientId]: set };
    });
  };

  // One scope per store, shared by the blocks and groups of fields that draw it.
  const scopes = useRef(new WeakMap<ModelStoreState, ConditionScope>());
  const scopeOf = useCallback((store: ModelStoreState): ConditionScope => {
    let scope = scopes.current.get(store);
    if (!scope) scopes.current.set(store, (scope = { models: modelsScope(store) }));
    return scope;
  }, []);

  // The context a block draws with, for the answers of its render: made by each block (BlockView),
  // which reads the answers itself; a new function when anything else of the page changes.
  const contextFor = (store: ModelStoreState): PageContext => {
    const ctx: PageContext = {
      ...env,
      page,
      formType,
      modelConfigs,
      // Getters: handlers read the latest values, even from a render that is not the last one.
      get store() {
        return latestStore();
      },
      get documents() {
        return docsRef.current;
      },
      culture: props.culture ?? 'en',
      settings,
      captcha: props.captcha ?? null,
      showAllErrors: showAll,
      refusalErrors: props.refusal?.fieldErrors,
      refused: Boolean(props.refusal),
      editFileRecords: Boolean(props.editFileRecords),
      ...(props.fixedRecords ? { fixedRecords: props.fixedRecords } : {}),
      isNavigating: Boolean(props.isNavigating),
      referenceCode: props.referenceCode ?? null,
      submittedAt: props.submittedAt ?? null,
      receiptAddress: props.receiptAddress ?? null,
      deadlines: props.deadlines ?? NO_DEADLINES,
      lookupResult: props.lookupResult ?? null,
      scope: scopeOf(store),
      ids,
      pages: props.pages ?? [page],
      captchaRef: setCaptchaRef,
      captchaInProgress: captchaBusy,
      onCaptchaProgress,
      awaitedUploads: awaited,
      pressAfterUploads,
      modelConfig: (dto) => findConfig(modelConfigs, formType, dto),
      widgets,
      getMask,
      setStore,
      setDocuments(next) {
        docsRef.current = next;
        props.onDocumentsChange?.(next);
      },
      setErrorsShown,
      // A group of fields reads the answers itself, and is drawn again only when what it reads changed.
      renderFields: (args: RenderFieldsArgs) => (
        <ModelFields
          key={`${args.model}-${args.clientId ?? 'single'}`}
          {...args}
          ctx={ctx}
          source={source}
          given={props.store}
          scopeOf={scopeOf}
          documents={props.documents ?? NO_DOCUMENTS}
          shown={shown}
        />
      ),
      validateFields(args) {
        const latest = latestStore();
        const model = modelOfFields(latest, args, 'CLIENT_ID_NOT_PROVIDED_ROW');
        const config = findConfig(modelConfigs, formType, args.model);
        const models = modelsScope(latest);
        const errors: PageFieldError[] = [];
        for (const field of args.fields) {
          const state = computeFieldState(field, model, config, models, env);
          const error = fieldError(field, state, { fieldId: fieldDomId(args.model, args.clientId ?? null, field.key), clientId: model.clientId }, t);
          if (error) errors.push(error);
        }
        return errors;
      },
      onAction: (action, detail) => void props.onAction?.(action as PageAction, (detail ?? {}) as ActionDetail),
      onEditPage: (pageId) => props.onEditPage?.(pageId),
    };
    return ctx;
  };

  const runAction = async (action: PageAction | 'back'): Promise<void> => {
    if (!VALIDATED_ACTIONS.has(action)) {
      await props.onAction?.(action, {});
      return;
    }
    // Documents still uploading: the press is made once they have settled (an Upload pressed
    // before it first), on the page as it is then; a failed one holds it, its error in focus.
    const wait = uploadsToWaitFor(docsRef.current);
    if (wait) {
      const pressedOn = page.id;
      await pressAfterUploads(wait.uploads, async (documents) => {
        if (pageIdRef.current !== pressedOn) return;
        const failed = failedUpload(page, latestStore(), documents, wait.uploads);
        if (failed) {
          focusField(failed.fieldId);
          return;
        }
        await runActionRef.current(action);
      });
      return;
    }
    // The page engine's press: the records typed and not yet saved that validate are saved (spec
    // §4), and the document records whose document is stored; the fields of a typed one that does
    // not validate are shown with their errors.
    const press = pressPrimary(page, latestStore(), docsRef.current, { ...env, options: groupOptions });
    if (press.saved.length > 0) setStore(press.store);
    for (const clientId of press.invalid) setErrorsShown(clientId, 'all', true);
    const errors = press.errors;
    // An empty list stays the same array: no re-render of the page when there was nothing to show.
    setSummary((prev) => (errors.length === 0 && prev.length === 0 ? prev : errors));
    setShowAll(errors.length > 0);
    if (errors.length > 0) return;
    const detail: ActionDetail = {};
    const captcha = localCaptchaRef.current;
    if (captchaOnPage && CAPTCHA_ACTIONS.has(action) && captcha) {
      try {
        detail.captchaToken = await captcha.execute();
      } catch {
        // The widget has handled the provider's error by its code (reset, rendered again, or left
        // to the provider's retries): the claimant is told and may press again.
        setSummary([{ fieldId: '', clientId: '', field: '', message: translateOr(t, PAGE_KEYS.captchaFailed, CAPTCHA_FAILED_TEXT) }]);
        return;
      }
    }
    try {
      await props.onAction?.(action, detail);
    } finally {
      if (detail.captchaToken !== undefined) captcha?.reset();
    }
  };

  // Stable click handlers for the (memoized) action buttons, running this render's runAction.
  const runActionRef = useRef(runAction);
  runActionRef.current = runAction;
  const primaryAction = page.action ?? 'next';
  const onBack = useCallback(() => runActionRef.current('back'), []);
  const onPrimary = useCallback(() => runActionRef.current(primaryAction), [primaryAction]);

  // Errors of the last refused action that the claimant has not corrected yet.
  // Read only while there are errors to tell: otherwise a keystroke does not draw the page.
  const readSummaryStore = () => (summary.length > 0 ? source.get() : null);
  const summaryStore = useSyncExternalStore(source.subscribe, readSummaryStore, readSummaryStore);
  const openIds = summaryStore ? new Set(validatePage(page, modelConfigs, summaryStore, { ...env, formType, settings }).errors.map((e) => e.fieldId)) : null;
  const isOpen = (error: PageFieldError) => openIds === null || error.fieldId === '' || !summary.includes(error) || openIds.has(error.fieldId);
  // The server's refusal first (a new one focuses the summary); the same array while neither changes.
  const refusalSummary = props.refusal?.summary;
  const summaryErrors = useMemo(() => (refusalSummary?.length ? [...refusalSummary, ...summary] : summary), [refusalSummary, summary]);

  const action = page.action ?? 'next';
  const actionKey = page.actionLabelKey ?? PAGE_KEYS.actions[action];
  const hasPrimary = !props.hideActions && action !== 'none' && Boolean(actionKey);
  // Enter in a field presses the primary button itself (not a record block's Save or Upload,
  // which a native submit would find first), so it is refused exactly when the button is:
  // disabled while navigating or solving the captcha, busy while its press runs. A press still
  // waiting for uploads (an Upload) is in flight too: Enter starts no second one beside it.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!hasPrimary || !isImplicitSubmit(event)) return;
    event.preventDefault();
    if (waitingPresses.current > 0) return;
    event.currentTarget.querySelector<HTMLButtonElement>(`#${PRIMARY_ACTION_ID}`)?.click();
  };
  // Said while it holds: a press waits for a document that is still uploading.
  const uploadWait = awaited.some((id) => (props.documents ?? []).some((d) => d.clientId === id && d.upload?.state === 'uploading'));
  return (
    <div className="cf-page" data-page={page.id} onKeyDown={onKeyDown}>
      <ErrorSummary errors={summaryErrors} title={translateOr(t, PAGE_KEYS.errorSummaryTitle, 'There is a problem')} isOpen={isOpen} />
      {props.refusal?.notice ? <Notice lines={props.refusal.notice.lines} /> : null}
      {page.blocks.map((block, index) => (
        <BlockView key={`${block.block}-${index}`} block={block} registry={registry} textOnly={textOnly} contextFor={contextFor} source={source} scopeOf={scopeOf} given={props.store} />
      ))}
      {props.children}
      {props.hideActions || (action === 'none' && !props.canGoBack) ? null : (
        <div className="cf-page-actions">
          {props.canGoBack ? (
            // Nothing can go back while the submit is in flight.
            <Button variant="outline-secondary" label={translateOr(t, PAGE_KEYS.back, 'Back')} isNavigating={props.isNavigating} disabled={props.isSubmitting} onClick={onBack} />
          ) : null}
          {action !== 'none' && actionKey ? (
            // Each page its own button: the next page's Next does not inherit the busy state of
            // the press that led to it (Continue stays busy until its sign-in has finished).
            <Button
              key={page.id}
              id={PRIMARY_ACTION_ID}
              variant="primary"
              icon={action === 'submit' ? 'send' : null}
              label={t(actionKey)}
              disableOnClick
              isNavigating={props.isNavigating}
              captchaInProgress={captchaBusy}
              onClick={onPrimary}
            />
          ) : null}
        </div>
      )}
      {action === 'submit' ? (
        // Present (empty) before the submit, so that screen readers announce the text when it comes.
        <p className="cf-page__status" role="status">
          {props.isSubmitting ? translateOr(t, PAGE_KEYS.submitting, SUBMITTING_TEXT) : uploadWait ? translateOr(t, PAGE_KEYS.waitForUploads, WAIT_FOR_UPLOADS_TEXT) : null}
        </p>
      ) : null}
    </div>
  );
}

/** What a failed security check (captcha) says when the locale has no text for it. */
const CAPTCHA_FAILED_TEXT = 'The security check could not be completed. Please try again.';
const NO_DEADLINES: DeadlineSettings = {};
const NO_DOCUMENTS: DocumentFile[] = [];

/** What a press waiting for uploads says when the locale has no text for it. */
const WAIT_FOR_UPLOADS_TEXT = 'Please wait until your document has finished uploading.';

/** `list` without one occurrence of each of `items` (each waiting press took its own). */
function withoutOnce(list: readonly string[], items: readonly string[]): readonly string[] {
  const rest = [...list];
  for (const item of items) {
    const at = rest.indexOf(item);
    if (at >= 0) rest.splice(at, 1);
  }
  return rest;
}

/** What the submitting status says when the locale has no text for it. */
const SUBMITTING_TEXT = 'Sending… This can take a few minutes on a slow connection. Please keep this page open.';

type BlockRender = ((p: { config: BlockConfig; ctx: PageContext }) => ReactNode) & Pick<BlockComponent, 'sameAnswers'>;

// Headings and copy re-render only when their config or the language changes, not on every keystroke.
const TextOnlyBlock = memo(
  function TextOnlyBlock({ Component, block, ctx }: { Component: BlockRender; block: BlockConfig; ctx: PageContext }) {
    return <Component config={block} ctx={ctx} />;
  },
  (a, b) => a.Component === b.Component && a.block === b.block && a.ctx.t === b.ctx.t,
);

interface BlockViewProps {
  block: BlockConfig;
  registry: BlockRegistry;
  textOnly: ReadonlySet<unknown>;
  contextFor: (store: ModelStoreState) => PageContext;
  source: StoreSource;
  scopeOf: (store: ModelStoreState) => ConditionScope;
  /** The store given to the page with its render (none with a source: the block reads it then). */
  given: ModelStoreState | undefined;
}

/** The answers a block drew (`store`), with its config, whether its `when` held for them, and the latest answers found to draw the same. */
interface DrawnAnswers {
  store: ModelStoreState;
  block: BlockConfig;
  shows: boolean;
  seen: ModelStoreState;
}

/**
 * One block, drawn with the answers it reads from the page's store: a change of the answers draws
 * the blocks that read what changed (the block's `sameAnswers`, and its `when`), not the page; the
 * groups of fields a block draws read their own.
 */
const BlockView = memo(function BlockView({ block, registry, textOnly, contextFor, source, scopeOf }: BlockViewProps) {
  const Component = (registry as Record<string, unknown>)[block.block] as BlockRender | undefined;
  if (!Component) throw devError('UNKNOWN_BLOCK', String(block.block));
  const drawn = useRef<DrawnAnswers | null>(null);
  const drawnCtx = useRef<PageContext | null>(null);
  // The answers of the last draw while the block would draw the same for the latest ones.
  const read = (): ModelStoreState => {
    const next = source.get();
    const last = drawn.current;
    if (last?.block === block && last.seen === next) return last.store;
    const shows = block.when === undefined || evaluateCondition(block.when, scopeOf(next));
    const ctx = drawnCtx.current;
    if (last?.block === block && ctx !== null && last.shows === shows && (Component.sameAnswers?.(block, last.store, next, ctx) ?? false)) {
      last.seen = next;
      return last.store;
    }
    drawn.current = { store: next, block, shows, seen: next };
    return next;
  };
  const store = useSyncExternalStore(source.subscribe, read, read);
  const ctx = useMemo(() => contextFor(store), [contextFor, store]);
  drawnCtx.current = ctx;
  if (block.when !== undefined && !evaluateCondition(block.when, ctx.scope)) return null;
  if (textOnly.has(Component)) return <TextOnlyBlock Component={Component} block={block} ctx={ctx} />;
  return <Component config={block} ctx={ctx} />;
});

export { focusField };
