/**
 * The folder's class lists as tables under their header: rows are added, edited and removed here, and
 * each change is written at once by the server, which refuses a row that does not fit the columns
 * (with the import's own words) and keeps every other line of the file as it was.
 */
import { useEffect, useRef, useState } from 'react';
import { loadClassLists, saveClassList, type ClassListTable } from './api';
import { t } from './texts';

type Editing = { file: string; row: number | null; cells: string[] };
type Status = { kind: 'info' | 'error'; text: string } | null;

export function ClassLists() {
  const [lists, setLists] = useState<ClassListTable[] | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    void loadClassLists().then(setLists, (error: Error) => setStatus({ kind: 'error', text: error.message }));
  }, []);
  useEffect(() => {
    if (status?.kind === 'error') statusRef.current?.focus();
  }, [status]);

  const write = async (list: ClassListTable, rows: string[][]) => {
    const result = await saveClassList(list.file, rows);
    if (!result.ok) {
      setStatus({ kind: 'error', text: result.message });
      return false;
    }
    setLists((all) => (all ?? []).map((l) => (l.file === list.file ? result.table : l)));
    setStatus({ kind: 'info', text: t('classListSaved', { file: list.file, n: result.table.rows.length }) });
    return true;
  };

  return (
    <section className="class-lists" aria-labelledby="class-lists-heading">
      <h2 id="class-lists-heading">{t('tabClassLists')}</h2>
      <p>{t('classListsHelp')}</p>
      <div className={`status ${status?.kind ?? ''}`} role={status?.kind === 'error' ? 'alert' : 'status'} tabIndex={-1} ref={statusRef}>
        {status && <p>{status.text}</p>}
      </div>
      {lists && lists.length === 0 && <p>{t('classListsNone')}</p>}
      {lists?.map((list) => {
        const form = editing?.file === list.file ? editing : { file: list.file, row: null, cells: list.columns.map(() => '') };
        const captionId = `class-list-${list.file.replace(/\W/g, '-')}`;
        return (
          <div key={list.file} className="class-list" data-class-list={list.file}>
            <h3>{list.file}</h3>
            <p>{t('classListRequired', { columns: list.required.join(', ') })}</p>
            <div className="table-scroll" tabIndex={0} role="region" aria-labelledby={captionId}>
              <table>
                <caption id={captionId}>{t('classListTable', { file: list.file, n: list.rows.length })}</caption>
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">{t('classListActions')}</th>
                    {list.columns.map((column) => (
                      <th scope="col" key={column}>
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {list.rows.length === 0 && (
                    <tr>
                      <td colSpan={list.columns.length + 2}>{t('classListEmpty')}</td>
                    </tr>
                  )}
                  {list.rows.map((row, i) => (
                    <tr key={i} data-row={i + 1}>
                      <th scope="row">{i + 1}</th>
                      <td>
                        <button type="button" onClick={() => setEditing({ file: list.file, row: i, cells: list.columns.map((_c, k) => row[k] ?? '') })}>
                          {t('classListEdit', { n: i + 1 })}
                        </button>{' '}
                        <button type="button" onClick={() => void write(list, list.rows.filter((_r, k) => k !== i)).then((ok) => ok && setEditing(null))}>
                          {t('classListRemove', { n: i + 1 })}
                        </button>
                      </td>
                      {list.columns.map((column, c) => (
                        <td key={column}>{row[c] ?? ''}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <form
              className="row-form-wrap"
              onSubmit={(e) => {
                e.preventDefault();
                const rows = form.row === null ? [...list.rows, form.cells] : list.rows.map((r, k) => (k === form.row ? form.cells : r));
                void write(list, rows).then((ok) => ok && setEditing(null));
              }}
            >
              <fieldset>
                <legend>{form.row === null ? t('classListNewRow', { file: list.file }) : t('classListEditRow', { n: form.row + 1, file: list.file })}</legend>
                <div className="row-form">
                  {list.columns.map((column, c) => (
                    <label key={column}>
                      <span>
                        {column}
                        {list.required.includes(column) ? ' *' : ''}
                      </span>
                      <input
                        aria-label={t('classListCell', { column, file: list.file })}
                        value={form.cells[c] ?? ''}
                        onChange={(e) => setEditing({ ...form, cells: form.cells.map((v, k) => (k === c ? e.target.value : v)) })}
                      />
                    </label>
                  ))}
                </div>
                <button type="submit" className="primary">
                  {form.row === null ? t('classListAdd') : t('classListSaveRow')}
                </button>{' '}
                {form.row !== null && (
                  <button type="button" onClick={() => setEditing(null)}>
                    {t('classListCancel')}
                  </button>
                )}
              </fieldset>
            </form>
          </div>
        );
      })}
    </section>
  );
}
