/**
 * An empty folder: the studio offers to make a settlement in it. The author names it (its title,
 * short name, contact e-mail and web site, written into site.json's links and the locales), picks
 * its forms and how class members sign in; it starts in English and Spanish, with forms.json, the
 * settlement files and class lists holding their header only, and opens in the editors once the
 * checker has accepted it.
 */
import { useEffect, useRef, useState } from 'react';
import { createSettlement, type Issue } from './api';
import { t, type TextKey } from './texts';

const SIGN_IN_LABELS: Record<string, TextKey> = { 'vin-notice-pin': 'signInVinNoticePin', 'member-zip': 'signInMemberZip' };

export function NewSettlement({ folder, forms, signIns, onCreated }: { folder: string; forms: readonly string[]; signIns: readonly string[]; onCreated(): void }) {
  const [picked, setPicked] = useState<string[]>([...forms]);
  const [signIn, setSignIn] = useState(signIns[0] ?? 'vin-notice-pin');
  const [identity, setIdentity] = useState({ name: '', shortName: '', email: '', website: 'https://' });
  const [problem, setProblem] = useState<{ message: string; issues: Issue[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);
  const identityField = (key: keyof typeof identity, label: TextKey, type: 'text' | 'email' | 'url' = 'text') => (
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
          if (picked.length === 0) {
            setProblem({ message: t('newSettlementNoForm'), issues: [] });
            return;
          }
          setBusy(true);
          void createSettlement({ forms: picked, signIn, identity }).then((result) => {
            setBusy(false);
            if (result.ok) onCreated();
            else setProblem({ message: result.message, issues: result.issues });
          });
        }}
      >
        <fieldset>
          <legend>{t('newSettlementIdentity')}</legend>
          {identityField('name', 'newSettlementName')}
          {identityField('shortName', 'newSettlementShortName')}
          {identityField('email', 'newSettlementEmail', 'email')}
          {identityField('website', 'newSettlementWebsite', 'url')}
        </fieldset>
        <fieldset>
          <legend>{t('newSettlementForms')}</legend>
          {forms.map((form) => (
            <label key={form}>
              <input type="checkbox" checked={picked.includes(form)} onChange={(e) => {
                  setPicked(e.target.checked ? forms.filter((f) => f === form || picked.includes(f)) : picked.filter((f) => f !== form));
                  setProblem(null);
                }} />{' '}
              {form}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>{t('newSettlementSignIn')}</legend>
          {signIns.map((value) => (
            <label key={value}>
              <input type="radio" name="sign-in" value={value} checked={signIn === value} onChange={() => setSignIn(value)} /> {SIGN_IN_LABELS[value] ? t(SIGN_IN_LABELS[value]) : value}
            </label>
          ))}
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
