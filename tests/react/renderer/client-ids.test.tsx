/**
 * Spec §8's client id errors: the fields of a repeating model (a record) name their record, to
 * draw them (FormModelBlock) and to validate them (FormModelRow); a client id given is never empty.
 */
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FieldConfig, ModelBlock } from '../../../runtime/core/types';
import type { BlockProps, PageContext } from '../../../runtime/react/types';
import { Harness, page } from '../fixtures';

const facility: FieldConfig = { key: 'facilityName', widget: 'text', label: 'Facility' };
const modelBlock: ModelBlock = { block: 'model', model: 'ClaimTransactions', fields: [facility] };

/** Renders a model block whose component does `use` with the page context. */
function renderWith(use: (ctx: PageContext, config: ModelBlock) => React.ReactNode, block: ModelBlock = modelBlock) {
  const Block = ({ config, ctx }: BlockProps<ModelBlock>) => <>{use(ctx, config)}</>;
  return render(<Harness page={page([block])} blocks={{ model: Block }} />);
}

afterEach(() => vi.restoreAllMocks());

describe('client ids of record fields', () => {
  it('drawing a record block without its client id: ClientId not provided to FormModelBlock', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderWith((ctx, config) => ctx.renderFields({ model: config.model, fields: config.fields }))).toThrow('ClientId not provided to FormModelBlock');
  });

  it('validating a record row without its client id: ClientId not provided to FormModelRow', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderWith((ctx, config) => String(ctx.validateFields({ model: config.model, fields: config.fields }).length))).toThrow(
      'ClientId not provided to FormModelRow',
    );
  });

  it('an empty client id: ClientId had no value', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderWith((ctx, config) => ctx.renderFields({ model: config.model, clientId: '', fields: config.fields }))).toThrow('ClientId had no value');
    expect(() => renderWith((ctx, config) => String(ctx.validateFields({ model: config.model, clientId: ' ', fields: config.fields }).length))).toThrow(
      'ClientId had no value',
    );
  });

  it('a single model needs none', () => {
    const single: ModelBlock = { block: 'model', model: 'ClaimDetails', fields: [{ key: 'note', widget: 'text', label: 'Note' }] };
    const { container } = renderWith((ctx, config) => ctx.renderFields({ model: config.model, fields: config.fields }), single);
    expect(container.querySelector('input[name="note"]')).toBeTruthy();
  });
});
