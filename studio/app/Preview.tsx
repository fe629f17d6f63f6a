/**
 * Live preview: the page being edited, drawn by the claimant app's own renderer (runtime/react's
 * PageRenderer with the app's widget registries) from the unsaved documents, in each culture, at
 * phone and desktop widths, in the settlement's theme, inside the settlement's chrome (the app's
 * own header, banner and footer, from site.json and the locales). Each preview is an iframe of this origin, so
 * the theme's media queries see its width; the page renders into it with its own React root.
 * With sample answers, the page starts from the store a fixture of the folder has filled by the time
 * it leaves the page (played by the studio server's headless player, POST /api/fixtures/state).
 */
import { Component, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createAppStore, initialAppState } from '../../runtime/app/appState';
import { ServicesProvider, type AppServices } from '../../runtime/app/context';
import { REGISTRIES } from '../../runtime/app/forms/registries';
import { Banner } from '../../runtime/app/layouts/Banner';
import { Footer } from '../../runtime/app/layouts/Footer';
import { Header, type LayoutVariant } from '../../runtime/app/layouts/Header';
import shellCss from '../../runtime/app/shell.css?url';
import { createTranslate } from '../../runtime/app/translate';
import { createIdSource, initStore } from '../../runtime/core/models';
import { resolveSiteChrome, type SiteFile } from '../../runtime/core/site/chrome';
import { defaultLanguages } from '../../runtime/core/site/languages';
import type { AppSettings, DeadlineSettings, FlowFile, ModelConfig, ModelStoreState, PageConfig } from '../../runtime/core/types';
import { PageRenderer } from '../../runtime/react';
import baseCss from '../../themes/base.css?url';
import defaultTheme from '../../themes/default/theme.css?url';
import ftcTheme from '../../themes/ftc/theme.css?url';
import kontentTheme from '../../themes/kontent/theme.css?url';
import defaultLogo from '../../themes/default/logo.svg?url';
import ftcLogo from '../../themes/ftc/logo.svg?url';
import kontentLogo from '../../themes/kontent/logo.svg?url';
import { THEMES as THEME_NAMES } from '../../runtime/app/settings';
import { isRecord, itemsOf, recordOr } from '../json';
import { cultureOf, useStudio } from './context';
import { deadlinesOf, flowIn, flowsIn, modelConfigsOf, settingsOf, siteOf, textsOf } from './documents';
import { fixtureState } from './fixturesApi';
import { t } from './texts';

const WIDTHS = [
  { name: 'phone', width: 375, scale: 1 },
  { name: 'desktop', width: 1280, scale: 0.5 },
] as const;
const FRAME_HEIGHT = 640;
const THEMES: Record<string, string> = { default: defaultTheme, ftc: ftcTheme, kontent: kontentTheme };
/** The app's layout of each theme (runtime/app/App.tsx pairs them the same way) and its logo. */
const DEFAULT_LAYOUT: { variant: LayoutVariant; logo: string } = { variant: 'standard', logo: defaultLogo };
const LAYOUTS: Record<string, { variant: LayoutVariant; logo: string }> = {
  default: DEFAULT_LAYOUT,
  ftc: { variant: 'ftc', logo: ftcLogo },
  kontent: { variant: 'kontent', logo: kontentLogo },
};

/** The settlement's chrome as the claimant server resolves it: site.json, its forms' first pages, its cultures. */
export interface PreviewChrome {
  site: SiteFile | undefined;
  forms: ReadonlyMap<string, string>;
  cultures: readonly string[];
  settings: Partial<AppSettings> | undefined;
  deadlines: DeadlineSettings;
}

/**
 * The app state the header, banner and footer read: the settlement's settings and chrome, the
 * culture and its texts. They read nothing else of the app's services (no API, no form session),
 * so the preview gives them the store alone.
 */
function chromeServices(chrome: PreviewChrome, theme: string, culture: string, texts: Record<string, string>): AppServices {
  // The settlement's own logo, as the studio's server gives it (the claims server serves it at /site/logo.<extension>).
  const logoSrc = chrome.site?.logo ? `/api/logo?file=${encodeURIComponent(chrome.site.logo.file)}` : null;
  const site = resolveSiteChrome(chrome.site, chrome.forms, logoSrc, defaultLanguages(chrome.cultures));
  const settings: AppSettings = {
    analyticsTagId: null,
    analyticsTagId2: null,
    client: { minSessionDuration: 30 },
    captchaEnabled: false,
    redirectOnError: false,
    internationalAddresses: false,
    ...chrome.settings,
    theme: THEME_NAMES.find((name) => name === theme) ?? 'default',
    site,
  };
  const store = createAppStore({ ...initialAppState(settings), culture, localizations: texts, deadlines: chrome.deadlines, contentLoaded: true });
  return { store } as AppServices;
}

interface PreviewProps {
  chrome: PreviewChrome;
  theme: string;
  flow: FlowFile;
  page: PageConfig;
  models: ModelConfig[];
  culture: string;
  texts: Record<string, string>;
  /** The answers to start from (a fixture's), else none. */
  answers: ModelStoreState | null;
}

class PreviewBoundary extends Component<{ children: ReactNode; message: (error: string) => string }, { error: string | null }> {
  override state: { error: string | null } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.props.message(this.state.error)}</p> : this.props.children;
  }
}

/** The page without the fields still being written (no key or widget yet), which the renderer cannot draw. */
function withoutUnfinishedFields(page: PageConfig): PageConfig {
  // PageConfig types every field's key and widget; a field still being written may lack them.
  const isFinished = (field: { key?: unknown; widget?: unknown }) => typeof field.key === 'string' && field.key !== '' && typeof field.widget === 'string';
  const blocks = page.blocks.map((block) => ('fields' in block && Array.isArray(block.fields) ? { ...block, fields: block.fields.filter(isFinished) } : block));
  return { ...page, blocks };
}

/** The page as a claimant sees it (empty models, or the sample answers), no captcha, buttons that do nothing. */
function PreviewPage({ chrome, theme, flow, page, models, culture, texts, answers }: PreviewProps) {
  const [store, setStore] = useState<ModelStoreState>(() => answers ?? initStore(models, flow.formType, createIdSource()));
  const translate = useMemo(() => createTranslate(culture, texts, chrome.deadlines), [culture, texts, chrome.deadlines]);
  const services = useMemo(() => chromeServices(chrome, theme, culture, texts), [chrome, theme, culture, texts]);
  const layout = LAYOUTS[theme] ?? DEFAULT_LAYOUT;
  return (
    <ServicesProvider value={services}>
      <div className={`cf-app cf-layout cf-layout--${layout.variant}`}>
        <Header variant={layout.variant} themeLogoSrc={layout.logo} />
        <Banner />
        <main className="cf-main" id="main-content" lang={culture}>
          <div className="cf-main__inner">
      <PageRenderer
        registries={REGISTRIES}
        page={page}
        pages={flow.pages}
        formType={flow.formType}
        modelConfigs={models}
        store={store}
        onStoreChange={setStore}
        t={translate}
        whitelist={null}
        now={new Date()}
        culture={culture}
        onAction={() => undefined}
      />
          </div>
        </main>
        <Footer variant={layout.variant} />
      </div>
    </ServicesProvider>
  );
}

function PreviewFrame(props: PreviewProps & { width: number; scale: number; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const root = useRef<Root | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    doc.open();
    const themeCss = THEMES[props.theme] ?? defaultTheme;
    doc.write(
      `<!doctype html><html lang="${props.culture}" data-theme="${props.theme}"><head><meta charset="utf-8"><link rel="stylesheet" href="${baseCss}"><link rel="stylesheet" href="${shellCss}"><link rel="stylesheet" href="${themeCss}"></head><body><div id="preview"></div></body></html>`,
    );
    doc.close();
    const container = doc.getElementById('preview');
    if (!container) return;
    root.current = createRoot(container);
    setReady(true);
    return () => {
      const r = root.current;
      root.current = null;
      // Unmounted after the current render, as React asks.
      setTimeout(() => r?.unmount(), 0);
    };
  }, [props.culture, props.theme]);
  const { chrome, theme, flow, page, models, culture, texts, answers } = props;
  useEffect(() => {
    if (!ready) return;
    root.current?.render(
      // A changed page is drawn afresh, even after one the renderer could not draw.
      <PreviewBoundary key={JSON.stringify(page)} message={(error) => t('previewFailed', { error })}>
        {/* A new page, new models or other sample answers start a new claimant. */}
        <PreviewPage key={`${page.id}:${JSON.stringify(models).length}:${answersKey(answers)}`} chrome={chrome} theme={theme} flow={flow} page={withoutUnfinishedFields(page)} models={models} culture={culture} texts={texts} answers={answers} />
      </PreviewBoundary>,
    );
  }, [ready, chrome, theme, flow, page, models, culture, texts, answers]);
  return (
    <div className="preview-frame" style={{ width: props.width * props.scale, height: FRAME_HEIGHT * props.scale }}>
      <iframe ref={frame} title={props.title} width={props.width} height={FRAME_HEIGHT} style={{ transform: `scale(${props.scale})` }} data-culture={culture} data-width={props.width} />
    </div>
  );
}

/** The forms' first pages, by form type, from the key the preview keeps of them. */
function formEntries(flowsKey: string): Map<string, string> {
  const pairs: unknown = JSON.parse(flowsKey);
  const isEntry = (pair: unknown): pair is [string, string] => Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string';
  return new Map(itemsOf(pairs, isEntry));
}

/** Tells sample answers apart for the page's key (each fetched store is a new object). */
const answerKeys = new WeakMap<ModelStoreState, number>();
let lastAnswerKey = 0;
function answersKey(answers: ModelStoreState | null): number {
  if (!answers) return 0;
  const known = answerKeys.get(answers);
  if (known !== undefined) return known;
  answerKeys.set(answers, ++lastAnswerKey);
  return lastAnswerKey;
}

/** The folder's fixtures of this form with a step on this page, from the working documents. */
function fixturesOnPage(docs: Record<string, unknown>, formType: string, pageId: string): Array<{ name: string; description: string }> {
  return Object.entries(docs)
    .filter(([id]) => id.startsWith('fixtures/') && id.endsWith('.fixture.json'))
    .flatMap(([id, doc]) => {
      const f = recordOr(doc);
      if (f.formType !== formType || !Array.isArray(f.steps) || !f.steps.some((s) => isRecord(s) && s.page === pageId)) return [];
      const name = id.slice('fixtures/'.length, -'.fixture.json'.length);
      return [{ name, description: typeof f.description === 'string' ? f.description : name }];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

type Sample = { kind: 'none' } | { kind: 'playing'; name: string } | { kind: 'shown'; name: string; store: ModelStoreState } | { kind: 'failed'; name: string; message: string };

/** The sample answers chosen for the page: the store the server plays the fixture to, played again when the fixture file changes. */
function useSample(name: string, pageId: string, fixtureText: string): Sample {
  const [sample, setSample] = useState<Sample>({ kind: 'none' });
  useEffect(() => {
    if (name === '') return setSample({ kind: 'none' });
    let current = true;
    setSample({ kind: 'playing', name });
    fixtureState(name, pageId).then(
      (r) => current && setSample(r.ok ? { kind: 'shown', name, store: r.store } : { kind: 'failed', name, message: r.message }),
      (error: Error) => current && setSample({ kind: 'failed', name, message: error.message }),
    );
    return () => {
      current = false;
    };
  }, [name, pageId, fixtureText]);
  return sample;
}

export function Preview({ flowId, pageIndex, theme }: { flowId: string; pageIndex: number; theme: string }) {
  const { docs, localeIds } = useStudio();
  const flow = flowIn(docs, flowId);
  const page = flow?.pages[pageIndex];
  // Each document read afresh only when it changes, so the frames redraw only then.
  const modelsDoc = docs['models.json'];
  const siteDoc = docs['site.json'];
  const settingsDoc = docs['settings.json'];
  const models = useMemo(() => modelConfigsOf(modelsDoc), [modelsDoc]);
  const site = useMemo(() => siteOf(siteDoc), [siteDoc]);
  const settings = useMemo(() => settingsOf(settingsDoc), [settingsDoc]);
  const deadlinesDoc = docs['deadlines.json'];
  const legacyDeadlinesDoc = docs['deadlines.legacy.json'];
  const deadlines = useMemo(() => deadlinesOf(deadlinesDoc, legacyDeadlinesDoc), [deadlinesDoc, legacyDeadlinesDoc]);
  const flowsKey = JSON.stringify(flowsIn(docs).map((f) => [f.formType, f.pages[0]?.path]));
  const chrome = useMemo<PreviewChrome>(() => ({ site, settings, deadlines, cultures: localeIds.map(cultureOf), forms: formEntries(flowsKey) }), [site, settings, deadlines, localeIds, flowsKey]);
  const samples = fixturesOnPage(docs, flow?.formType ?? '', page?.id ?? '');
  const [chosen, setChosen] = useState('');
  const name = samples.some((s) => s.name === chosen) ? chosen : '';
  const sample = useSample(name, page?.id ?? '', JSON.stringify(docs[`fixtures/${name}.fixture.json`] ?? null));
  const answers = sample.kind === 'shown' ? sample.store : null;
  if (!flow || !page) return null;
  return (
    <section className="preview" aria-labelledby="preview-heading">
      <h2 id="preview-heading">{t('previewOf', { id: page.id })}</h2>
      <p>{t('previewHelp')}</p>
      <div className="preview-sample">
        <label htmlFor="preview-sample">{t('previewSample')}</label>{' '}
        <select id="preview-sample" value={name} onChange={(e) => setChosen(e.target.value)} aria-describedby="preview-sample-help">
          <option value="">{t('previewSampleNone')}</option>
          {samples.map((s) => (
            <option key={s.name} value={s.name}>
              {t('previewSampleOption', { name: s.name, description: s.description })}
            </option>
          ))}
        </select>
        <p id="preview-sample-help">{t('previewSampleHelp')}</p>
        <p role={sample.kind === 'failed' ? 'alert' : 'status'} className={sample.kind === 'failed' ? 'error' : undefined}>
          {sample.kind === 'playing' ? t('previewSamplePlaying', { name: sample.name }) : sample.kind === 'shown' ? t('previewSampleShown', { name: sample.name }) : sample.kind === 'failed' ? sample.message : ''}
        </p>
      </div>
      <div className="preview-row" tabIndex={0} role="group" aria-label={t('previewOf', { id: page.id })}>
        {localeIds.map((id) =>
          WIDTHS.map((w) => (
            <figure key={`${id}-${w.name}`}>
              <figcaption>{t('previewAt', { culture: cultureOf(id), width: t(w.name === 'phone' ? 'phone' : 'desktop') })}</figcaption>
              <PreviewFrame
                chrome={chrome}
                flow={flow}
                page={page}
                models={models}
                culture={cultureOf(id)}
                texts={textsOf(docs[id])}
                answers={answers}
                width={w.width}
                scale={w.scale}
                theme={theme}
                title={t('previewFrame', { id: page.id, culture: cultureOf(id), width: t(w.name === 'phone' ? 'phone' : 'desktop') })}
              />
            </figure>
          )),
        )}
      </div>
    </section>
  );
}
