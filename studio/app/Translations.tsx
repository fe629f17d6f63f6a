/**
 * Every localization key of the folder side by side, one column per culture, each text editable in
 * place. A key missing from a culture (in the files as saved) is highlighted, and so is a text
 * still to write (a new settlement's "[TO WRITE]" placeholder); the keys no flow, model config or
 * code uses are listed below.
 */
import { useState } from 'react';
import { recordOr } from '../json';
import type { Documents } from './api';
import { cultureOf, localeText, useStudio } from './context';
import { isPlaceholder } from '../../tooling/flow/placeholder';
import { t } from './texts';

/**
 * A text's box: one line for a short text, a few lines for a paragraph of copy (judged by the text
 * as saved, so the box does not change kind, and lose the focus, while one types).
 */
function TextBox({ label, value, savedLength, onChange }: { label: string; value: string; savedLength: number; onChange: (text: string) => void }) {
  return savedLength > 70 ? (
    <textarea aria-label={label} value={value} rows={Math.min(6, Math.ceil(savedLength / 70))} onChange={(e) => onChange(e.target.value)} />
  ) : (
    <input aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />
  );
}

export function Translations({ saved, unusedKeys }: { saved: Documents; unusedKeys: readonly string[] }) {
  const { docs, localeIds, edit } = useStudio();
  const [filter, setFilter] = useState('');
  const [onlyMissing, setOnlyMissing] = useState(false);
  const [onlyPlaceholders, setOnlyPlaceholders] = useState(false);
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const id of localeIds) {
    for (const key of Object.keys(recordOr(docs[id]))) {
      if (key === '$schema' || seen.has(key)) continue;
      seen.add(key);
      keys.push(key);
    }
  }
  const missingSaved = (id: string, key: string) => localeText(saved, id, key) === undefined;
  const toWriteSaved = (id: string, key: string) => isPlaceholder(localeText(saved, id, key));
  const rows = keys.filter(
    (key) =>
      key.toLowerCase().includes(filter.toLowerCase()) &&
      (!onlyMissing || localeIds.some((id) => missingSaved(id, key))) &&
      (!onlyPlaceholders || localeIds.some((id) => toWriteSaved(id, key))),
  );

  // The unused keys still in the working files (a deletion not yet saved takes them out of the list).
  const unused = unusedKeys.filter((key) => seen.has(key));
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const deleteUnused = () => {
    const gone = new Set(unused);
    edit((d) => ({ ...d, ...Object.fromEntries(localeIds.map((id) => [id, Object.fromEntries(Object.entries(recordOr(d[id])).filter(([key]) => !gone.has(key)))])) }));
    setConfirmingDelete(false);
  };

  const setText = (id: string, key: string, text: string) =>
    edit((d) => {
      const locale = recordOr(d[id]);
      const { [key]: _old, ...rest } = locale;
      return { ...d, [id]: text === '' ? rest : { ...locale, [key]: text } };
    });

  return (
    <section className="translations" aria-labelledby="translations-heading">
      <h2 id="translations-heading">{t('tabTranslations')}</h2>
      <div className="filters">
        <label>
          {t('filterKeys')} <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </label>
        <label>
          <input type="checkbox" checked={onlyMissing} onChange={(e) => setOnlyMissing(e.target.checked)} /> {t('onlyMissing')}
        </label>
        <label>
          <input type="checkbox" checked={onlyPlaceholders} onChange={(e) => setOnlyPlaceholders(e.target.checked)} /> {t('onlyPlaceholders')}
        </label>
      </div>
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="translations-caption">
        <table>
          <caption id="translations-caption">{t('translationsTable')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('key')}</th>
              {localeIds.map((id) => (
                <th scope="col" key={id}>
                  {cultureOf(id)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((key) => (
              <tr key={key} data-key={key}>
                <th scope="row">
                  <code>{key}</code>
                  {unusedKeys.includes(key) && <span className="unused-tag"> ({t('unusedKeys').toLowerCase()})</span>}
                </th>
                {localeIds.map((id) => {
                  const culture = cultureOf(id);
                  if (toWriteSaved(id, key)) {
                    return (
                      <td key={id} className="placeholder" lang={culture}>
                        <span className="placeholder-tag">{t('placeholderTag')}</span>
                        <TextBox label={t('fill', { key, culture })} value={localeText(docs, id, key) ?? ''} savedLength={(localeText(saved, id, key) ?? '').length} onChange={(text) => setText(id, key, text)} />
                      </td>
                    );
                  }
                  if (!missingSaved(id, key)) {
                    return (
                      <td key={id} lang={culture}>
                        <TextBox label={t('fill', { key, culture })} value={localeText(docs, id, key) ?? ''} savedLength={(localeText(saved, id, key) ?? '').length} onChange={(text) => setText(id, key, text)} />
                      </td>
                    );
                  }
                  return (
                    <td key={id} className="missing" lang={culture}>
                      <span className="missing-tag">{t('missing')}</span>
                      <TextBox label={t('fill', { key, culture })} value={localeText(docs, id, key) ?? ''} savedLength={(localeText(saved, id, key) ?? '').length} onChange={(text) => setText(id, key, text)} />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>{t('unusedKeys')}</h3>
      <p>{unused.length === 0 ? t('unusedNone') : t('unusedHelp')}</p>
      {unused.length > 0 && (
        <>
          <ul className="unused-keys">
            {unused.map((key) => (
              <li key={key}>
                <code>{key}</code>
              </li>
            ))}
          </ul>
          {confirmingDelete ? (
            <div role="group" aria-labelledby="delete-unused-question" className="confirm-delete">
              <p id="delete-unused-question">{t('deleteUnusedQuestion', { n: unused.length })}</p>
              <button type="button" ref={(button) => button?.focus()} onClick={deleteUnused}>
                {t('deleteUnusedConfirm', { n: unused.length })}
              </button>{' '}
              <button type="button" onClick={() => setConfirmingDelete(false)}>
                {t('deleteUnusedKeep')}
              </button>
            </div>
          ) : (
            <button type="button" onClick={() => setConfirmingDelete(true)}>
              {t('deleteUnused', { n: unused.length })}
            </button>
          )}
        </>
      )}
    </section>
  );
}
