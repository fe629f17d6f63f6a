import { todayInZone } from '../../core/dates';
import type { ModelBlock as ModelBlockConfig } from '../../core/types';
import type { BlockProps } from '../../react/types';
import { readsNoAnswers } from './reads';

/** The fields of one single-instance model. */
export function ModelBlock({ config, ctx }: BlockProps<ModelBlockConfig>) {
  return <div className="cf-block cf-block--model">{ctx.renderFields({ model: config.model, fields: config.fields, legendKey: config.legendKey })}</div>;
}
ModelBlock.blockName = 'model' as const;
ModelBlock.sameAnswers = readsNoAnswers;
/** Date fields' rules read today in the project zone: its formatter (with ICU's start-up, when first) is made ahead. */
ModelBlock.prepare = () => void todayInZone(new Date());
