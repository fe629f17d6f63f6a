import type { BlockRegistry } from '../../react/types';
import { CaptchaBlock } from './captcha';
import { CopyBlock } from './copy';
import { FeedbackBlock } from './feedback';
import { HeaderBlock } from './header';
import { AddressBlock, ConfirmationBlock, RecordsBlock, SummaryBlock } from './later';
import { LookupResultBlock } from './lookupResult';
import { ModelBlock } from './model';

export type { BlockName, BlockRegistry } from '../../react/types';
export { preloadBlocks } from './later';

export const BLOCKS: BlockRegistry = {
  header: HeaderBlock,
  copy: CopyBlock,
  model: ModelBlock,
  address: AddressBlock,
  records: RecordsBlock,
  feedback: FeedbackBlock,
  captcha: CaptchaBlock,
  summary: SummaryBlock,
  confirmation: ConfirmationBlock,
  lookupResult: LookupResultBlock,
};

export { AddressBlock, CaptchaBlock, ConfirmationBlock, CopyBlock, FeedbackBlock, HeaderBlock, LookupResultBlock, ModelBlock, RecordsBlock, SummaryBlock };
