/**
 * Fraud and bot screening as `app.fraud` (settings.json `fraud`, server/fraud): the submit sheds
 * fast, automated submits per client address and network with 429 before it reads the claim, and
 * screens every claim it stores, in the claim's transaction. What was kept of the client is
 * removed after the settlement's retention period by a periodic purge (any instance may run it).
 * Nothing here changes what the claimant is answered.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FormType } from '../../../runtime/core/types.js';
import { startHousekeeping } from '../../db/housekeeping.js';
import { windowEnd } from '../../db/rate-limit.js';
import type { StatementBatch } from '../../db/types.js';
import { httpError } from '../../errors.js';
import { networkOf } from '../../fraud/normalize.js';
import { mergeReasons, requestFacts, sessionTag, type AuthorizeScreening } from '../../fraud/request.js';
import { minFillMs, type FraudSettings } from '../../fraud/settings.js';
import { automationReasons, captchaScoreReasons, claimValues, fillTimeReasons, honeypotReasons, paymentFieldsOf } from '../../fraud/signals.js';
import { compareSignals, CountedInFull, purgeExpiredSignals } from '../../fraud/store.js';
import { clientKey } from '../external/rate-limit.js';
import { settlementFormOf } from '../../settlement/load.js';

/** Who a submit is for, as authorize established it. */
export interface ScreenedAuthorization {
  vin: string;
  noticeId: string;
  screening?: AuthorizeScreening;
}

export interface ClaimToScreen {
  formType: FormType;
  authorization: ScreenedAuthorization;
  /** The stored answers (payload without tokens and file bytes). */
  answers: Record<string, unknown>;
  documentDigests: string[];
  /** The honeypot part as sent (undefined when absent). */
  honeypot: string | undefined;
  /** The submit's captcha score, when the provider gave one. */
  captchaScore: number | undefined;
}

export interface FraudService {
  readonly settings: FraudSettings;
  /**
   * Refuses with 429 a submit sooner after its authorize than a person could fill the form, once
   * its client address or network has sent `fastSubmits` such submits in the window. A submit at
   * a person's pace is neither counted nor refused, so a household behind a busy address files.
   */
  shedFastSubmit(request: FastifyRequest, formType: FormType, authorization: ScreenedAuthorization): Promise<void>;
  /**
   * The screening to run in the claim's transaction: the comparison with earlier claims joins the
   * batch it is given (storeSubmission's `before`), and once that ran, what it answers records the
   * screening in the batch of storeSubmission's `after`.
   */
  screen(request: FastifyRequest, claim: ClaimToScreen): (batch: StatementBatch) => Promise<(then: StatementBatch, stored: { submissionId: number }) => Promise<void>>;
  /** Removes what was kept of clients past the retention period; returns how many claims. */
  purgeExpired(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    fraud: FraudService;
  }
}

/** How often the purge runs. */
const PURGE_INTERVAL_MS = 60 * 60_000;

export default fp<{ shedFastSubmits?: boolean; purgeIntervalMs?: number }>(
  async (app, opts) => {
    const settings = app.settlement.settings.fraud;
    const windowMs = settings.windowMinutes * 60_000;
    const limiter = app.stores.rateLimiter;
    const inFull = new CountedInFull();

    const fillMsOf = (authorization: ScreenedAuthorization) => (authorization.screening ? Math.max(0, app.clock() - authorization.screening.at) : null);

    const service: FraudService = {
      settings,

      async shedFastSubmit(request, formType, authorization) {
        if (opts.shedFastSubmits === false) return;
        const fillMs = fillMsOf(authorization);
        if (fillMs === null || fillMs >= minFillMs(settings, settlementFormOf(app.settlement, formType))) return;
        const now = app.clock();
        const address = clientKey(request);
        const [fromAddress, fromNetwork] = await Promise.all([limiter.hit(`submit-fast:ip:${address}`, windowMs, now), limiter.hit(`submit-fast:net:${networkOf(request.ip || address)}`, windowMs, now)]);
        if (fromAddress > settings.fastSubmits.perAddress || fromNetwork > settings.fastSubmits.perNetwork) {
          request.log.info({ formType }, 'submit shed: too many fast submits from the client address or network');
          throw httpError('RATE_LIMITED', { retryAfterSeconds: Math.ceil((windowEnd(now, windowMs) - now) / 1000) });
        }
      },

      screen(request, claim) {
        const { authorization } = claim;
        const fillMs = fillMsOf(authorization);
        const scores = [authorization.screening?.captchaScore, claim.captchaScore].filter((s): s is number => typeof s === 'number');
        const facts = requestFacts(request, scores);
        const own = claimValues(claim.answers, {
          ip: facts.ip,
          session: request.session ? sessionTag(request.session.data) : null,
          vin: authorization.vin,
          noticeId: authorization.noticeId,
          documentDigests: claim.documentDigests,
          paymentFields: paymentFieldsOf(app.settlement.models, claim.formType),
        });
        const reasons = mergeReasons(
          honeypotReasons(claim.honeypot),
          fillTimeReasons(fillMs, minFillMs(settings, settlementFormOf(app.settlement, claim.formType))),
          automationReasons(facts),
          authorization.screening?.markers ?? [],
          captchaScoreReasons(facts.captchaScores, settings),
          own.reasons,
        );
        return async (batch) => {
          const record = await compareSignals(batch, { now: app.clock(), ip: facts.ip, network: networkOf(facts.ip), userAgent: facts.userAgent, fillMs, values: own.values, reasons }, settings, inFull);
          return async (then, stored) => {
            const screening = await record(then, stored.submissionId);
            // Codes and the score only: no address, agent or answer is logged.
            request.log.info({ formType: claim.formType, score: screening.score, disposition: screening.disposition, reasons: screening.reasons.map((r) => r.code) }, 'claim screened');
          };
        };
      },

      purgeExpired: () => purgeExpiredSignals(app.database, settings.retentionDays, app.clock()),
    };
    app.decorate('fraud', service);
    const stop = startHousekeeping([service], opts.purgeIntervalMs ?? PURGE_INTERVAL_MS, (error) => app.log.warn({ err: error }, 'fraud signal purge failed'));
    app.addHook('onClose', async () => stop());
  },
  { name: 'app-fraud', dependencies: ['app-database', 'app-session'] },
);
