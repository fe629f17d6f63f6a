import { memo, useCallback, useRef } from 'react';
import { getRecords, isRepeating, findModel, maskAccount } from '../../core/models';
import type { FormModel, ModelStoreState, PageConfig, SummaryBlock as SummaryBlockConfig, SummaryGroup } from '../../core/types';
import type { BlockProps, PageContext, Translate } from '../../react/types';
import { Icon } from '../Icon';
import { LabelledValue } from '../LabelledValue';
import { displayValue, findFieldConfig } from '../../core/view/display-value';
import { summaryGroupShown } from '../../core/view/page-groups';
import { hiddenOnPage } from '../../core/view/summary';
import { summaryReads } from '../../core/view/summary-reads';

export const SUMMARY_KEYS = { edit: 'LocKey_Button_Edit', none: 'LocKey_Summary_NoAnswer' } as const;

interface GroupValuesProps {
  group: SummaryGroup;
  model: FormModel;
  /** The group's fields its page hides for these answers, joined: a string, so an unchanged set compares equal. */
  hidden: string;
  /** The group's account fields (shown masked, last 4), joined likewise. */
  masked: string;
  pages: PageConfig[];
  culture: string;
  t: Translate;
}

// Memoized: typing on the summary page (the signature) re-renders the page, and the answers of
// every other group are unchanged model objects.
const GroupValues = memo(function GroupValues({ group, model, hidden, masked, pages, culture, t }: GroupValuesProps) {
  const hiddenKeys = new Set(hidden.split('\n'));
  const maskedKeys = new Set(masked.split('\n'));
  return (
    <dl className="cf-summary__values">
      {group.fields.map((key) => {
        if (hiddenKeys.has(key)) return null;
        const field = findFieldConfig(pages, group.editPage, group.model, key, culture);
        const value = model.fields[key];
        const shown = maskedKeys.has(key) && typeof value === 'string' && value !== '' ? maskAccount(value) : displayValue(field, value, t);
        return <LabelledValue key={key} label={t(field?.label ?? key)} value={shown} />;
      })}
    </dl>
  );
});

function groupValues(group: SummaryGroup, model: FormModel, ctx: PageContext) {
  const hidden = group.fields.filter((key) => hiddenOnPage(findFieldConfig(ctx.pages, group.editPage, group.model, key, ctx.culture), model, ctx.scope)).join('\n');
  const fields = ctx.modelConfig(group.model).fields;
  const masked = group.fields.filter((key) => fields[key]?.account).join('\n');
  return <GroupValues group={group} model={model} hidden={hidden} masked={masked} pages={ctx.pages} culture={ctx.culture} t={ctx.t} />;
}

const readsOf = new WeakMap<SummaryBlockConfig, { pages: PageConfig[]; culture: string; reads: ReadonlySet<string> }>();

/** The saved models the block reads (summaryReads, made once per block, pages and culture), in the store's order. */
function readModels(config: SummaryBlockConfig, store: ModelStoreState, ctx: Pick<PageContext, 'pages' | 'culture'>): FormModel[] {
  let kept = readsOf.get(config);
  if (!kept || kept.pages !== ctx.pages || kept.culture !== ctx.culture) readsOf.set(config, (kept = { pages: ctx.pages, culture: ctx.culture, reads: summaryReads(config, ctx.pages, ctx.culture) }));
  const { reads } = kept;
  return store.saved.filter((m) => reads.has(m.metadata.dtoMapping));
}

const sameModels = (a: readonly FormModel[], b: readonly FormModel[]) => a.length === b.length && a.every((model, i) => model === b[i]);

/**
 * The data summary (spec §2): a header and groups of labelled values, each with an edit link to its
 * page unless editLinks is false. A group whose page the flow skips for these answers is left out.
 */
export function SummaryBlock({ config, ctx }: BlockProps<SummaryBlockConfig>) {
  const read = readModels(config, ctx.store, ctx);
  const latest = useRef(ctx);
  latest.current = ctx;
  const onEditPage = useCallback((pageId: string) => latest.current.onEditPage(pageId), []);
  return <SummaryGroups config={config} ctx={ctx} read={read} onEditPage={onEditPage} />;
}
SummaryBlock.blockName = 'summary' as const;
/** Typing on the review page (the signature) changes no model the summary reads: the block is not drawn again. */
SummaryBlock.sameAnswers = (config: SummaryBlockConfig, a: ModelStoreState, b: ModelStoreState, ctx: PageContext): boolean =>
  a.records === b.records && sameModels(readModels(config, a, ctx), readModels(config, b, ctx));

interface SummaryGroupsProps {
  config: SummaryBlockConfig;
  ctx: PageContext;
  /** The saved models the block reads (summaryReads): while they are the same objects, it draws the same. */
  read: FormModel[];
  onEditPage: (pageId: string) => void;
}

// Typing on the review page (the signature) changes no model the summary reads: it is not drawn again.
const SummaryGroups = memo(function SummaryGroups({ config, ctx, onEditPage }: SummaryGroupsProps) {
  const editText = ctx.t(SUMMARY_KEYS.edit);
  return (
    <section className="cf-summary">
      {config.headerKey ? <h2 className="cf-summary__header">{ctx.t(config.headerKey)}</h2> : null}
      {config.groups.map((group, index) => {
        if (!summaryGroupShown(group, ctx.pages, ctx.scope)) return null;
        const title = ctx.t(group.titleKey);
        const records = isRepeating(group.model, ctx.store) || group.fixedValues ? getRecords(ctx.store, group.model, group.fixedValues) : null;
        const single = records ? null : findModel(ctx.store, group.model);
        return (
          <section className="cf-summary__group" key={`${group.titleKey}-${index}`}>
            <div className="cf-summary__group-header">
              <h3 className="cf-summary__title">{title}</h3>
              {config.editLinks === false ? null : (
                <button type="button" className="cf-link cf-summary__edit" onClick={() => onEditPage(group.editPage)}>
                  <Icon name="edit" />
                  {editText}
                  <span className="cf-sr-only"> {title}</span>
                </button>
              )}
            </div>
            {single ? groupValues(group, single, ctx) : null}
            {records ? (
              records.length === 0 ? (
                <p className="cf-summary__none">{ctx.t(SUMMARY_KEYS.none)}</p>
              ) : (
                <ol className="cf-summary__records">
                  {records.map((record) => (
                    <li className="cf-summary__record" key={record.clientId}>
                      {groupValues(group, record, ctx)}
                    </li>
                  ))}
                </ol>
              )
            ) : null}
          </section>
        );
      })}
    </section>
  );
}, sameSummary);

function sameSummary(a: SummaryGroupsProps, b: SummaryGroupsProps): boolean {
  const same = (key: 't' | 'culture' | 'pages' | 'modelConfigs' | 'formType') => a.ctx[key] === b.ctx[key];
  return (
    a.config === b.config &&
    a.onEditPage === b.onEditPage &&
    same('t') &&
    same('culture') &&
    same('pages') &&
    same('modelConfigs') &&
    same('formType') &&
    a.ctx.store.records === b.ctx.store.records &&
    sameModels(a.read, b.read)
  );
}
