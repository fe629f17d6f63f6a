import type { CaptchaBlock as CaptchaBlockConfig } from '../../core/types';
import type { BlockProps } from '../../react/types';
import { CaptchaWidget } from '../Captcha';

/** The invisible captcha: only when captcha is enabled and a site key exists. */
export function CaptchaBlock({ ctx }: BlockProps<CaptchaBlockConfig>) {
  if (!ctx.settings.captchaEnabled || !ctx.captcha?.siteKey) return null;
  return <CaptchaWidget config={ctx.captcha} onProgress={ctx.onCaptchaProgress} ref={ctx.captchaRef} />;
}
CaptchaBlock.blockName = 'captcha' as const;
