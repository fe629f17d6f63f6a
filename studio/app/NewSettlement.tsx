/**
 * An empty folder: the studio offers to make a settlement in it. The author picks its forms; it
 * starts with English and Spanish, the settlement files and class lists with their header only,
 * and opens in the editors once the checker has accepted it.
 */
import { useEffect, useRef, useState } from 'react';
import { createSettlement, type Issue } from './api';
import { t } from './texts';

export function NewSettlement({ folder, forms, onCreated }: { folder: string; forms: readonly string[]; onCreated(): void }) {
  const [picked, setPicked] = useState<string[]>([...forms]);
  const [problem, setProblem] = useState<{ message: string; issues: Issue[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);
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
        onSubmit={(e) => {
          e.preventDefault();
          if (picked.length === 0) {
            setProblem({ message: t('newSettlementNoForm'), issues: [] });
            return;
          }
          setBusy(true);
          void createSettlement(picked).then((result) => {
            setBusy(false);
            if (result.ok) onCreated();
            else setProblem({ message: result.message, issues: result.issues });
          });
        }}
      >
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
