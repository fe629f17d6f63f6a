import { dateFormatProblem, parseDateInFormat, USER_DATE_FORMATS } from '../../dates';
import { asText } from '../support';
import { dateExample } from './dateValue';
import type { RuleAdapter, ValidDateRule } from '../types';

export const VALID_DATE_RULE = 'validDate';

export const validDateAdapter: RuleAdapter<ValidDateRule> = {
  type: VALID_DATE_RULE,
  validate(value, rule) {
    const formats = rule.formats && rule.formats.length > 0 ? rule.formats : [...USER_DATE_FORMATS];
    const text = asText(value);
    return formats.some((f) => parseDateInFormat(text, f) !== null) ? null : { key: 'LocKey_Validation_ValidDate', args: [dateExample(formats[0])] };
  },
  checkParams(rule) {
    if (rule.formats === undefined) return [];
    if (!Array.isArray(rule.formats) || !rule.formats.every((f) => typeof f === 'string')) return ['formats must be a list of date formats'];
    return rule.formats.flatMap((format) => dateFormatProblem(format) ?? []);
  },
};
