/**
 * An empty folder: the studio offers to make a settlement in it. The author picks the kind it
 * starts from (a template the product ships: templates/), names it (its title, short name, the
 * administrator's name, contact e-mail and web site, written into the locales) and picks the
 * deadlines' time zone from a searchable list; it starts in English and Spanish, with the
 * template's forms, fixtures and settlement files and class lists holding their header only, and
 * opens in the editors once the checker has accepted it.
 */
import { useEffect, useRef, useState } from 'react';
import { createSettlement, type Issue, type NewSettlementIdentity } from './api';
import { TimeZonePicker } from './TimeZonePicker';
import { t, type TextKey } from './texts';

const TEMPLATE_LABELS: Record<string, TextKey> = {
  'vehicle-claim': 'templateVehicleClaim',
  'data-breach': 'templateDataBreach',
  'generic-claim': 'templateGenericClaim',
  exclusion: 'templateExclusion',
  lookup: 'templateLookup',
};

export function NewSettlement({ folder, templates, onCreated }: { folder: string; templates: readonly string[]; onCreated(): void }) {
  const [template, setTemplate] = useState(templates[0] ?? 'vehicle-claim');
  const [identity, setIdentity] = useState<NewSettlementIdentity>({ name: '', shortName: '', administrator: '', email: '', website: 'https://', timeZone: '' });
  const [problem, setProblem] = useState<{ message: string; issues: Issue[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);
  const identityField = (key: Exclude<keyof NewSettlementIdentity, 'timeZone'>, label: TextKey, type: 'text' | 'email' | 'url' = 'text') => (
    <label className="field">
      {t(label)}
      <input
        type={type}
        required
        value={identity[key]}
        onChange={(e) => {
          setIdentity({ ...identity, [key]: e.target.value });
          setProblem(null);
        }}
      />
    </label>
  );
  return (
    <main className="new-settlement">
      <h1 ref={heading} tabIndex={-1}>
        {t('newSettlementTitle')}
      </h1>
      <p>
        {t('folder')}: <code>{folder}</code>
      </p>
      <p>{t('newSettlementHelp')}</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setBusy(true);
          void createSettlement({ template, identity }).then((result) => {
            setBusy(false);
            if (result.ok) onCreated();
            else setProblem({ message: result.message, issues: result.issues });
          });
        }}
      >
        <fieldset>
          <legend>{t('newSettlementTemplate')}</legend>
          {templates.map((value) => (
            <label key={value}>
              <input type="radio" name="template" value={value} checked={template === value} onChange={() => setTemplate(value)} /> {TEMPLATE_LABELS[value] ? t(TEMPLATE_LABELS[value]) : value}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>{t('newSettlementIdentity')}</legend>
          {identityField('name', 'newSettlementName')}
          {identityField('shortName', 'newSettlementShortName')}
          {identityField('administrator', 'newSettlementAdministrator')}
          {identityField('email', 'newSettlementEmail', 'email')}
          {identityField('website', 'newSettlementWebsite', 'url')}
          <TimeZonePicker
            label={t('newSettlementTimeZone')}
            required
            value={identity.timeZone}
            onChange={(timeZone) => {
              setIdentity({ ...identity, timeZone });
              setProblem(null);
            }}
          />
        </fieldset>
        <p>{t('newSettlementStarts')}</p>
        <button type="submit" className="primary" disabled={busy}>
          {t('newSettlementCreate')}
        </button>
      </form>
      <div className={problem ? 'status error' : 'status'} role="alert" tabIndex={-1} ref={problemRef}>
        {problem && (
          <>
            <p>{problem.message}</p>
            <ul className="issues">
              {problem.issues.map((issue, i) => (
                <li key={i}>
                  <code>
                    {issue.file} {issue.pointer || '/'}
                  </code>{' '}
                  — {issue.message} ({issue.hint})
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </main>
  );
}
