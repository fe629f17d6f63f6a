/**
 * The studio: the folder's flow maps and page editors, the translations table, and the toolbar
 * that saves (only what the checker accepts), undoes and redoes. The files stay the source of
 * truth: a change made on disk shows up here.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ClassLists } from './ClassLists';
import { changedIds, checkChanges, loadFolder, saveChanges, type Documents, type FolderResponse, type Issue } from './api';
import { cultureOf, localeText, StudioContext, type StudioContextValue } from './context';
import { flowIn } from './documents';
import { Fixtures, highlightInPreview } from './Fixtures';
import { FlowMap } from './FlowMap';
import { canRedo, canUndo, current, record, redo, startHistory, undo, type History } from './history';
import { Models } from './Models';
import { NewSettlement } from './NewSettlement';
import { PageEditor } from './PageEditor';
import { Preview } from './Preview';
import { SettlementFiles } from './SettlementFiles';
import { studioCulture, t } from './texts';
import { Translations } from './Translations';

type View = 'map' | 'models' | 'settlement' | 'classLists' | 'translations' | 'fixtures';
type Status = { kind: 'info' | 'error'; text: string; issues?: Issue[]; reload?: boolean; overwrite?: boolean } | null;

const documentsOf = (folder: FolderResponse): Documents => Object.fromEntries(folder.files.map((f) => [f.id, f.json]));

function IssueList({ issues }: { issues: readonly Issue[] }) {
  return (
    <ul className="issues">
      {issues.map((issue, i) => (
        <li key={i}>
          <code className="issue-where">
            {issue.file}
            {issue.line !== undefined ? `:${issue.line}:${issue.column ?? 1}` : ''} {issue.pointer || '/'}
          </code>{' '}
          — {issue.message} <span className="hint">({issue.hint})</span>
        </li>
      ))}
    </ul>
  );
}

/** What the checker warns of without refusing a save: claimants would see it, so it is shown beside the problems. */
function WarningList({ warnings }: { warnings: readonly Issue[] }) {
  return (
    <>
      <h3>{t('warnings')}</h3>
      <IssueList issues={warnings} />
    </>
  );
}

export function App() {
  const [folder, setFolder] = useState<FolderResponse | null>(null);
  const [saved, setSaved] = useState<Documents>({});
  const [history, setHistory] = useState<History<Documents>>(startHistory({}));
  const [issues, setIssues] = useState<Issue[]>([]);
  const [warnings, setWarnings] = useState<Issue[]>([]);
  const [view, setView] = useState<View>('map');
  const [editing, setEditing] = useState<{ flowId: string; pageIndex: number } | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const working = current(history);
  const unsaved = changedIds(saved, working);

  const adopt = useCallback((next: FolderResponse, resetHistory: boolean) => {
    const docs = documentsOf(next);
    setFolder(next);
    setSaved(docs);
    setIssues(next.issues);
    setWarnings(next.warnings ?? []);
    setHistory((h) => (resetHistory ? startHistory(docs) : JSON.stringify(current(h)) === JSON.stringify(docs) ? h : record(h, docs)));
  }, []);

  useEffect(() => {
    void loadFolder().then((f) => adopt(f, true));
  }, [adopt]);

  // Leaving with unsaved changes (a reload, the tab closed, another address) asks first, with the
  // browser's own question: the edits live only in this page until saved.
  const hasUnsaved = unsaved.length > 0;
  useEffect(() => {
    if (!hasUnsaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [hasUnsaved]);

  // Files changed on disk: taken in when nothing is unsaved here, else announced.
  const unsavedRef = useRef(unsaved.length);
  unsavedRef.current = unsaved.length;
  const savedRef = useRef(saved);
  savedRef.current = saved;
  // While a save is in flight its own writes come back as changes; the save reloads the folder itself.
  const savingRef = useRef(false);
  useEffect(() => {
    const events = new EventSource('/api/events');
    events.addEventListener('changed', () => {
      if (savingRef.current) return;
      if (unsavedRef.current > 0) {
        setStatus({ kind: 'info', text: t('changedOnDiskUnsaved'), reload: true });
        return;
      }
      void loadFolder().then((f) => {
        // The studio's own save comes back as a change too: only another writer's change is told.
        if (JSON.stringify(savedRef.current) !== JSON.stringify(documentsOf(f))) setStatus({ kind: 'info', text: t('reloaded') });
        adopt(f, false);
      });
    });
    return () => events.close();
  }, [adopt]);

  // The checker runs on the unsaved changes as they are made (after a short pause in typing).
  const changesKey = JSON.stringify(unsaved.map((id) => [id, working[id]]));
  useEffect(() => {
    if (!folder) return;
    if (unsaved.length === 0) {
      setIssues(folder.issues);
      setWarnings(folder.warnings ?? []);
      return;
    }
    const changes = Object.fromEntries(unsaved.map((id) => [id, working[id]]));
    const timer = setTimeout(() => {
      void checkChanges(changes).then(
        (report) => (setIssues(report.issues), setWarnings(report.warnings)),
        (error: Error) => setStatus({ kind: 'error', text: error.message }),
      );
    }, 250);
    return () => clearTimeout(timer);
    // changesKey stands for the unsaved changes' content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [changesKey, folder]);

  useEffect(() => {
    if (status?.kind === 'error') statusRef.current?.focus();
  }, [status]);

  const localeIds = useMemo(() => (folder?.files ?? []).filter((f) => f.kind === 'locale').map((f) => f.id), [folder]);
  const context: StudioContextValue = useMemo(
    () => ({ docs: working, localeIds, cultures: localeIds.map(cultureOf), edit: (change) =>
        setHistory((h) => {
          const next = change(current(h));
          // A form that reports what it was given changes nothing: no undo step for it.
          return JSON.stringify(next) === JSON.stringify(current(h)) ? h : record(h, next);
        }),
    }),
    [working, localeIds],
  );
  const mapLocale = localeIds.find((id) => cultureOf(id) === studioCulture) ?? localeIds[0] ?? '';
  const text = useCallback((key: string) => localeText(working, mapLocale, key) ?? key, [working, mapLocale]);

  const save = async (overwrite = false) => {
    if (unsaved.length === 0) return;
    const changes = Object.fromEntries(unsaved.map((id) => [id, working[id]]));
    const bases = Object.fromEntries(unsaved.filter((id) => saved[id] !== undefined).map((id) => [id, saved[id]]));
    savingRef.current = true;
    try {
      await saveAndReload(changes, bases, overwrite);
    } finally {
      savingRef.current = false;
    }
  };

  const saveAndReload = async (changes: Documents, bases: Documents, overwrite: boolean) => {
    const result = await saveChanges(changes, bases, overwrite);
    if (!result.ok && result.changedOnDisk) {
      setStatus({ kind: 'error', text: t('notSavedChangedOnDisk', { files: result.changedOnDisk.join(', ') }), reload: true, overwrite: true });
      return;
    }
    if (!result.ok) {
      setStatus({ kind: 'error', text: result.checkerRefused ? t('notSaved') : result.message, issues: result.issues });
      setIssues(result.issues);
      return;
    }
    // Taken in at once, not at the next render: a change event handled before that render is this save's own.
    savedRef.current = working;
    unsavedRef.current = 0;
    setSaved(working);
    setStatus({ kind: 'info', text: t('saved', { files: result.saved.join(', ') }) });
    adopt(await loadFolder(), false);
  };

  // Ctrl+S (⌘S) saves anywhere; Ctrl+Z and Ctrl+Shift+Z or Ctrl+Y undo and redo outside text boxes,
  // where the browser's own undo of the typing applies.
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const key = e.key.toLowerCase();
      if (key === 's') {
        e.preventDefault();
        void saveRef.current();
        return;
      }
      const target = e.target;
      if (target instanceof Element && target.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (key === 'z' && !e.shiftKey) setHistory(undo);
      else if ((key === 'z' && e.shiftKey) || key === 'y') setHistory(redo);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!folder) return <p role="status">{t('loading')}</p>;
  if (folder.empty) return <NewSettlement folder={folder.folder} templates={folder.newSettlementTemplates ?? []} onCreated={() => void loadFolder().then((f) => adopt(f, true))} />;
  const flows = folder.files.filter((f) => f.kind === 'flow');

  return (
    <StudioContext.Provider value={context}>
      <header className="studio-header">
        <h1>{t('title')}</h1>
        <p>
          {t('folder')}: <code>{folder.folder}</code>
        </p>
        {folder.extended && folder.extended.length > 0 && (
          <details className="made-from">
            <summary>{t('extendsFolders', { folders: folder.extended.join(' → ') })}</summary>
            <dl>
              {folder.files.map((f) => (
                <div key={f.id}>
                  <dt>
                    <code>{f.id}</code>
                  </dt>
                  <dd>
                    {t('madeFrom')}: {(f.from ?? [f.path]).join(' + ')}
                  </dd>
                </div>
              ))}
            </dl>
          </details>
        )}
        <div className="toolbar" role="toolbar" aria-label={t('title')}>
          <button type="button" onClick={() => setHistory(undo)} disabled={!canUndo(history)} aria-keyshortcuts="Control+Z">
            {t('undo')}
          </button>
          <button type="button" onClick={() => setHistory(redo)} disabled={!canRedo(history)} aria-keyshortcuts="Control+Shift+Z Control+Y">
            {t('redo')}
          </button>
          <button type="button" className="primary" onClick={() => void save()} disabled={unsaved.length === 0} aria-keyshortcuts="Control+S">
            {t('save')}
          </button>
          <span className="unsaved" role="status">
            {unsaved.length ? t('unsaved', { n: unsaved.length }) : t('noChanges')}
          </span>
        </div>
        <nav aria-label={t('views')}>
          <button type="button" aria-current={view === 'map' ? 'page' : undefined} onClick={() => setView('map')}>
            {t('tabMap')}
          </button>
          <button type="button" aria-current={view === 'models' ? 'page' : undefined} onClick={() => setView('models')}>
            {t('tabModels')}
          </button>
          <button type="button" aria-current={view === 'settlement' ? 'page' : undefined} onClick={() => setView('settlement')}>
            {t('tabSettlement')}
          </button>
          <button type="button" aria-current={view === 'classLists' ? 'page' : undefined} onClick={() => setView('classLists')}>
            {t('tabClassLists')}
          </button>
          <button type="button" aria-current={view === 'translations' ? 'page' : undefined} onClick={() => setView('translations')}>
            {t('tabTranslations')}
          </button>
          <button type="button" aria-current={view === 'fixtures' ? 'page' : undefined} onClick={() => setView('fixtures')}>
            {t('tabFixtures')}
          </button>
        </nav>
      </header>
      <main>
        <div className={`status ${status?.kind ?? ''}`} role={status?.kind === 'error' ? 'alert' : 'status'} tabIndex={-1} ref={statusRef}>
          {status && (
            <>
              <p>{status.text}</p>
              {status.issues && <IssueList issues={status.issues} />}
              {status.reload && (
                <button type="button" onClick={() => void loadFolder().then((f) => (adopt(f, false), setStatus(null)))}>
                  {t('reload')}
                </button>
              )}
              {status.overwrite && (
                <button type="button" onClick={() => void save(true)}>
                  {t('saveOver')}
                </button>
              )}
            </>
          )}
        </div>
        {view === 'map' ? (
          <div className="map-view">
            <div className="maps">
              {flows.map((f) => {
                // A flow file without its pages yet has no map; the checker's problems say why.
                const flow = flowIn(working, f.id);
                return (
                  flow && (
                    <FlowMap
                      key={f.id}
                      flowId={f.id}
                      flow={flow}
                      issues={issues}
                      text={text}
                      selectedPage={editing?.flowId === f.id ? editing.pageIndex : undefined}
                      onOpenPage={(pageIndex) => setEditing({ flowId: f.id, pageIndex })}
                    />
                  )
                );
              })}
              {editing && flowIn(working, editing.flowId)?.pages[editing.pageIndex] && <Preview flowId={editing.flowId} pageIndex={editing.pageIndex} theme={folder.theme} />}
              <section className="problems" aria-labelledby="problems-heading">
                <h2 id="problems-heading">{t('problems')}</h2>
                {issues.length === 0 ? <p>{t('noProblems')}</p> : <IssueList issues={issues} />}
                {warnings.length > 0 && <WarningList warnings={warnings} />}
              </section>
            </div>
            {editing && flowIn(working, editing.flowId)?.pages[editing.pageIndex] && (
              <PageEditor
                flowId={editing.flowId}
                pageIndex={editing.pageIndex}
                onClose={() => {
                  const page = flowIn(working, editing.flowId)?.pages[editing.pageIndex];
                  setEditing(null);
                  // Back to the page's box on the map.
                  requestAnimationFrame(() => document.querySelector<SVGGElement>(`[data-flow="${editing.flowId}"] [data-node="page:${page?.id ?? ''}"]`)?.focus());
                }}
                onSelectPage={(pageIndex) => setEditing({ flowId: editing.flowId, pageIndex })}
                onRemoved={(pageId) => {
                  const flowId = editing.flowId;
                  setEditing(null);
                  setStatus({ kind: 'info', text: t('pageRemoved', { id: pageId }) });
                  // On to the map of its flow, where the page was.
                  requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-flow="${flowId}"] .map-scroll`)?.focus());
                }}
              />
            )}
          </div>
        ) : view === 'models' || view === 'settlement' ? (
          <>
            {view === 'models' ? <Models /> : <SettlementFiles ids={folder.files.filter((f) => f.kind === 'settlement').map((f) => f.id)} />}
            <section className="problems" aria-labelledby="problems-heading">
              <h2 id="problems-heading">{t('problems')}</h2>
              {issues.length === 0 ? <p>{t('noProblems')}</p> : <IssueList issues={issues} />}
              {warnings.length > 0 && <WarningList warnings={warnings} />}
            </section>
          </>
        ) : view === 'classLists' ? (
          <ClassLists />
        ) : view === 'fixtures' ? (
          <Fixtures
            theme={folder.theme}
            onOpen={({ flowId, pageIndex, fieldId }) => {
              // A failed fixture opens its page's editor and preview, the field marked there.
              setView('map');
              setEditing({ flowId, pageIndex });
              if (fieldId) highlightInPreview(fieldId);
            }}
          />
        ) : (
          <Translations saved={saved} unusedKeys={folder.unusedKeys} />
        )}
      </main>
    </StudioContext.Provider>
  );
}
