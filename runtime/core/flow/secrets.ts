import { camelCase } from '../models/config';
import type { FlowFile } from '../types';

/**
 * The fields a flow marks `secret` (a PIN, an account number), as `model.field` with the model
 * camel-cased ('credentials.pin'): never shown in a summary, never written in an e-mail.
 */
export function secretFields(flow: Pick<FlowFile, 'pages'>): Set<string> {
  const secrets = new Set<string>();
  for (const page of flow.pages) {
    for (const block of page.blocks) {
      if (block.block !== 'model' && block.block !== 'records') continue;
      for (const field of block.fields) if (field.secret) secrets.add(`${camelCase(block.model)}.${field.key}`);
    }
  }
  return secrets;
}
