import { useCallback, useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { devError } from '../core/errors';
import type { CaptchaConfig } from '../core/types';
import { onFirstMove } from '../react/prepare';
import type { CaptchaHandle } from '../react/types';
import type { CaptchaChallenge } from './captcha-provider';

export type { CaptchaHandle };
export type { GrecaptchaApi } from './captcha-provider';

export interface CaptchaWidgetProps {
  config: CaptchaConfig;
  /** Reports in-progress: true while a challenge runs (its provider loading included), false on token or error. */
  onProgress?: (inProgress: boolean) => void;
  ref?: Ref<CaptchaHandle | null>;
}

/**
 * The invisible captcha (spec §4): the provider's widget with the site key, a challenge on demand
 * and its token. The provider's code and script (captcha-provider.ts) are asked for once the
 * claimant is on the page, or by the first challenge at the latest: a start page that is only
 * looked at loads neither, and a press that comes first waits for them. A failed load ends that
 * challenge like a provider's error (the page tells the claimant), and the next one asks again.
 */
export function CaptchaWidget({ config, onProgress, ref }: CaptchaWidgetProps) {
  const containerRef = useRef<HTMLDivElement | null>(null);
  // The provider's widget for the settings it was rendered with (settings that change render anew).
  // `ready` once it has loaded: a press then asks for its token before anything else is drawn.
  const challengeRef = useRef<{ url: string; siteKey: string; loading: Promise<CaptchaChallenge>; ready?: CaptchaChallenge } | null>(null);
  const progressRef = useRef(onProgress);
  progressRef.current = onProgress;
  const { url, siteKey } = config;

  const challenge = useCallback((): Promise<CaptchaChallenge> => {
    const known = challengeRef.current;
    if (known && known.url === url && known.siteKey === siteKey) return known.loading;
    const container = containerRef.current;
    if (!container) return Promise.reject(devError('CAPTCHA_FETCH_FAILED'));
    const loading = import('./captcha-provider').then((provider) => provider.renderCaptcha(container, { url, siteKey }));
    const entry: { url: string; siteKey: string; loading: Promise<CaptchaChallenge>; ready?: CaptchaChallenge } = { url, siteKey, loading };
    loading.then(
      (ready) => {
        entry.ready = ready;
      },
      () => {
        if (challengeRef.current === entry) challengeRef.current = null;
      },
    );
    challengeRef.current = entry;
    return loading;
  }, [url, siteKey]);

  useEffect(() => {
    const doc = containerRef.current?.ownerDocument;
    if (!doc) return;
    return onFirstMove(doc, () => void challenge().catch(() => undefined)); // a challenge asks again, and tells the claimant
  }, [challenge]);

  useImperativeHandle(
    ref,
    () => ({
      async execute() {
        // The token's request goes out first, in the press itself; the busy state it reports is
        // drawn while the provider answers, not before it is asked.
        const known = challengeRef.current;
        const ready = known && known.url === url && known.siteKey === siteKey ? known.ready : undefined;
        const token = ready ? ready.execute() : challenge().then((loaded) => loaded.execute());
        progressRef.current?.(true);
        try {
          return await token;
        } finally {
          progressRef.current?.(false);
        }
      },
      reset() {
        void challengeRef.current?.loading.then((c) => c.reset(), () => undefined);
      },
    }),
    [challenge, url, siteKey],
  );

  return <div ref={containerRef} className={['cf-captcha', config.class].filter(Boolean).join(' ')} data-provider={config.provider} />;
}
