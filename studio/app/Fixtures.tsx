/**
 * The Fixtures view: walk a form and save the walk as a flow fixture of the folder, list the
 * folder's fixtures and replay them with the headless player `npm run flows:test <folder>` runs; a
 * failure names its place in the fixture file and opens the page (and the field) it concerns.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { recordOr, stringArray } from '../json';
import { cultureOf, useStudio } from './context';
import { deadlinesOf, flowIn, modelConfigsOf, textsOf } from './documents';
import { listFixtures, replayFixtures, saveFixture, type FixtureSummary, type ReplayResult } from './fixturesApi';
import { studioCulture, t } from './texts';
import { Walk } from './Walk';
import { fixtureOfWalk, type WalkRecord } from './walk-record';

/** What a failure opens: the page of a flow, and the field (its DOM id) to focus there. */
export interface FailurePlace {
  flowId: string;
  pageIndex: number;
  fieldId?: string;
}

const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * Marks and focuses the field in the page's preview once the preview has drawn it (the frames
 * render after the editor opens). Gives up after a few seconds: the page is open either way.
 */
export function highlightInPreview(fieldId: string): void {
  const started = performance.now();
  let focused = false;
  const look = () => {
    const frames = Array.from(document.querySelectorAll<HTMLIFrameElement>('.preview iframe'));
    let unmarked = frames.length === 0;
    for (const frame of frames) {
      const field = frame.contentDocument?.getElementById(fieldId);
      if (!field) {
        unmarked = true;
        continue;
      }
      if (!field.hasAttribute('data-fixture-failure')) {
        field.setAttribute('data-fixture-failure', '');
        field.style.outline = '4px solid #b00020';
        field.style.outlineOffset = '2px';
      }
      if (!focused) {
        focused = true;
        field.scrollIntoView({ block: 'center' });
        field.focus();
      }
    }
    // Each culture and width draws in its own frame, some later than others.
    if (unmarked && performance.now() - started < 5000) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

function ResultCell({ result, running }: { result: ReplayResult | undefined; running: boolean }) {
  if (running) return <>{t('fixtureReplaying')}</>;
  if (!result) return <>{t('fixtureNotRun')}</>;
  return <strong className={result.passed ? 'passed' : 'failed'}>{result.passed ? t('fixturePassed') : t('fixtureFailed')}</strong>;
}

export function Fixtures({ theme, onOpen }: { theme: string; onOpen(place: FailurePlace): void }) {
  const { docs, localeIds } = useStudio();
  const flowIds = Object.keys(docs).filter((id) => id.startsWith('flows/')).sort();
  const modelsDoc = docs['models.json'];
  const models = useMemo(() => modelConfigsOf(modelsDoc), [modelsDoc]);
  const deadlinesDoc = docs['deadlines.json'];
  const legacyDeadlinesDoc = docs['deadlines.legacy.json'];
  const deadlines = useMemo(() => deadlinesOf(deadlinesDoc, legacyDeadlinesDoc), [deadlinesDoc, legacyDeadlinesDoc]);
  // The characters the settlement accepts, as the claims server and the headless player check them.
  const allowed = stringArray(recordOr(docs['whitelist.json']).allowedCharacters);
  const whitelist = allowed ? [...new Set(allowed.join(''))].join('') : null;
  const localeId = localeIds.find((id) => cultureOf(id) === studioCulture) ?? localeIds[0] ?? '';
  const [formId, setFormId] = useState(flowIds[0] ?? '');
  const [walking, setWalking] = useState<{ flowId: string; run: number } | null>(null);
  const [walk, setWalk] = useState<WalkRecord | null>(null);
  const [description, setDescription] = useState('');
  const [name, setName] = useState('');
  const [saveStatus, setSaveStatus] = useState<{ kind: 'info' | 'error'; text: string; exists?: boolean } | null>(null);
  const [fixtures, setFixtures] = useState<FixtureSummary[]>([]);
  const [results, setResults] = useState<Record<string, ReplayResult>>({});
  const [running, setRunning] = useState<string[]>([]);
  const [summary, setSummary] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ids = useId();
  const walkingFlow = walking ? flowIn(docs, walking.flowId) : undefined;
  const saveStatusRef = useRef<HTMLDivElement>(null);

  const refresh = useCallback(() => void listFixtures().then(setFixtures, (e: Error) => setError(e.message)), []);
  useEffect(refresh, [refresh]);
  useEffect(() => {
    if (saveStatus?.kind === 'error') saveStatusRef.current?.focus();
  }, [saveStatus]);

  const save = async (overwrite: boolean) => {
    if (!walk) return;
    if (description.trim() === '') return setSaveStatus({ kind: 'error', text: t('fixtureDescriptionMissing') });
    if (!NAME.test(name)) return setSaveStatus({ kind: 'error', text: t('fixtureNamePattern') });
    const result = await saveFixture(name, fixtureOfWalk(walk, description.trim()), overwrite);
    if (result.ok) {
      setSaveStatus({ kind: 'info', text: t('fixtureSaved', { file: result.saved }) });
      refresh();
    } else {
      setSaveStatus({ kind: 'error', text: result.exists ? t('fixtureExists', { message: result.message }) : result.message, exists: result.exists });
    }
  };

  const replay = async (names?: string[]) => {
    setRunning(names ?? fixtures.map((f) => f.name));
    setSummary(null);
    try {
      const played = await replayFixtures(names);
      setResults((prev) => ({ ...prev, ...Object.fromEntries(played.map((r) => [r.name, r])) }));
      setSummary(t('fixturesReplayed', { passed: played.filter((r) => r.passed).length, total: played.length }));
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setRunning([]);
    }
  };

  const placeOf = (result: ReplayResult, page: string, fieldId?: string): FailurePlace | null => {
    for (const flowId of flowIds) {
      const flow = flowIn(docs, flowId);
      if (flow?.formType !== result.formType) continue;
      const pageIndex = flow.pages.findIndex((p) => p.id === page);
      if (pageIndex >= 0) return { flowId, pageIndex, ...(fieldId ? { fieldId } : {}) };
    }
    return null;
  };

  return (
    <div className="fixtures-view">
      <section aria-labelledby={`${ids}-walk`}>
        <h2 id={`${ids}-walk`}>{t('walkHeading')}</h2>
        <p>{t('walkHelp')}</p>
        <div className="walk-start">
          <label htmlFor={`${ids}-form`}>{t('walkForm')}</label>
          <select id={`${ids}-form`} value={formId} onChange={(e) => setFormId(e.target.value)}>
            {flowIds.map((id) => (
              <option key={id} value={id}>
                {flowIn(docs, id)?.formType ?? ''} ({id})
              </option>
            ))}
          </select>
          <button type="button" onClick={() => (setWalking((w) => ({ flowId: formId, run: (w?.run ?? 0) + 1 })), setSaveStatus(null))}>
            {walking ? t('walkRestart') : t('walkStart')}
          </button>
        </div>
        {walking && walkingFlow && (
          <div className="walk">
            <Walk
              key={walking.run}
              flow={walkingFlow}
              models={models}
              whitelist={whitelist}
              culture={cultureOf(localeId)}
              texts={textsOf(docs[localeId])}
              deadlines={deadlines}
              theme={theme}
              onChange={setWalk}
            />
            <div className="walk-record">
              <h3>{t('walkSteps')}</h3>
              {walk && walk.steps.length > 0 ? (
                <ol>
                  {walk.steps.map((s, i) => (
                    <li key={i}>{t('walkStep', { page: s.page, press: s.press === 'back' ? t('walkPressBack') : s.expectErrors ? t('walkPressRefused') : t('walkPressPrimary') })}</li>
                  ))}
                </ol>
              ) : (
                <p>{t('walkNoSteps')}</p>
              )}
              <label htmlFor={`${ids}-description`}>{t('fixtureDescription')}</label>
              <input id={`${ids}-description`} value={description} onChange={(e) => setDescription(e.target.value)} />
              <label htmlFor={`${ids}-name`}>{t('fixtureName')}</label>
              <input id={`${ids}-name`} value={name} onChange={(e) => setName(e.target.value)} spellCheck={false} />
              <div className="walk-actions">
                <button type="button" className="primary" disabled={!walk || walk.steps.length === 0} onClick={() => void save(false)}>
                  {t('fixtureSave')}
                </button>
                {saveStatus?.exists && (
                  <button type="button" onClick={() => void save(true)}>
                    {t('fixtureOverwrite')}
                  </button>
                )}
              </div>
              <div className={`status ${saveStatus?.kind ?? ''}`} role={saveStatus?.kind === 'error' ? 'alert' : 'status'} tabIndex={-1} ref={saveStatusRef}>
                {saveStatus && <p>{saveStatus.text}</p>}
              </div>
            </div>
          </div>
        )}
      </section>

      <section aria-labelledby={`${ids}-list`}>
        <h2 id={`${ids}-list`}>{t('fixturesHeading')}</h2>
        {error && <p role="alert">{error}</p>}
        {fixtures.length === 0 ? (
          <p>{t('fixturesNone')}</p>
        ) : (
          <>
            <button type="button" className="primary" disabled={running.length > 0} onClick={() => void replay()}>
              {t('fixturesReplayAll')}
            </button>
            <p role="status">{summary}</p>
            <table className="fixtures">
              <thead>
                <tr>
                  <th scope="col">{t('fixtureColumnDescription')}</th>
                  <th scope="col">{t('fixtureColumnForm')}</th>
                  <th scope="col">{t('fixtureColumnResult')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('fixtureColumnReplay')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {fixtures.map((f) => {
                  const result = results[f.name];
                  return (
                    <tr key={f.name} data-fixture={f.name}>
                      <td>
                        {f.description}
                        <br />
                        <code>fixtures/{f.name}.fixture.json</code>
                        {result && !result.passed && (
                          <ul className="issues">
                            {result.problems.map((p, i) => {
                              const place = p.page ? placeOf(result, p.page, p.fieldId) : null;
                              return (
                                <li key={i}>
                                  <code className="issue-where">
                                    fixtures/{f.name}.fixture.json{p.line !== undefined ? `:${p.line}:${p.column ?? 1}` : ''} {p.pointer || '/'}
                                  </code>{' '}
                                  — <span className="problem-message">{p.message}</span>
                                  {place && p.page && (
                                    <>
                                      {' '}
                                      <button type="button" onClick={() => onOpen(place)}>
                                        {p.fieldId ? t('fixtureOpenField', { page: p.page, field: p.fieldId }) : t('fixtureOpenPage', { page: p.page })}
                                      </button>
                                    </>
                                  )}
                                </li>
                              );
                            })}
                          </ul>
                        )}
                      </td>
                      <td>{f.formType}</td>
                      <td>
                        <ResultCell result={result} running={running.includes(f.name)} />
                      </td>
                      <td>
                        <button type="button" disabled={running.length > 0} onClick={() => void replay([f.name])}>
                          {t('fixtureReplay', { name: f.name })}
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </>
        )}
      </section>
    </div>
  );
}
