import { findModel, setFieldValue } from '../../core/models';
import type { Culture } from '../../core/types';
import type { AppServices } from '../context';
import type { FormSession } from './formSessions';

/**
 * Today's signature date from the server (spec §7) put in the signature's answers, unless `live()`
 * says the page asked for it is gone by the answer. A page holding the signature is never a start
 * page: this is a chunk of its own.
 */
export async function fillSignatureDate({ api, store }: Pick<AppServices, 'api' | 'store'>, session: FormSession, culture: Culture, live: () => boolean): Promise<void> {
  const result = await api.getSignatureDate(culture);
  if (!live()) return;
  if (!result.ok) {
    store.set({ errorDialog: { showError: true, header: null, message: result.errorKey ?? result.error } });
    return;
  }
  store.set({ signatureDate: result.data });
  const models = session.actor.getSnapshot().context.store;
  const signature = findModel(models, 'signature');
  if (signature && signature.fields.signatureDate !== result.data.signatureDate) {
    session.actor.send({ type: 'UPDATE_STORE', store: setFieldValue(models, signature.clientId, 'signatureDate', result.data.signatureDate) });
  }
}
