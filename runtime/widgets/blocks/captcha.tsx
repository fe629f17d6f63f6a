import { memo } from 'react';
import type { CaptchaBlock as CaptchaBlockConfig } from '../../core/types';
import type { BlockProps } from '../../react/types';
import { CaptchaWidget } from '../Captcha';
import { readsNoAnswers } from './reads';

// Its config, callback and ref do not change while the page is typed in: no redraw per keystroke.
const PureCaptchaWidget = memo(CaptchaWidget);

/** The invisible captcha: only when captcha is enabled and a site key exists. */
export function CaptchaBlock({ ctx }: BlockProps<CaptchaBlockConfig>) {
  if (!ctx.settings.captchaEnabled || !ctx.captcha?.siteKey) return null;
  return <PureCaptchaWidget config={ctx.captcha} onProgress={ctx.onCaptchaProgress} ref={ctx.captchaRef} />;
}
CaptchaBlock.blockName = 'captcha' as const;
CaptchaBlock.sameAnswers = readsNoAnswers;
