import { act, type ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { FieldValue } from '../../../runtime/core/types';
import { CheckboxWidget } from '../../../runtime/widgets/checkbox';
import { RadioWidget } from '../../../runtime/widgets/radio';
import { SelectWidget } from '../../../runtime/widgets/select';
import { TextareaWidget } from '../../../runtime/widgets/textarea';
import type { FieldWidgetProps } from '../../../runtime/widgets/types';
import { widgetProps } from '../fixtures';

const OPTIONS = [
  { value: 'own', label: 'Own' },
  { value: 'lease', label: 'Lease' },
];

function drawn<E extends Element>(container: HTMLElement, selector: string): E {
  const found = container.querySelector<E>(selector);
  if (!found) throw new Error(`The widget drew no ${selector}`);
  return found;
}

/**
 * The controlled widgets on a page the server drew (a start page): what the claimant answered in
 * them before the app ran is reported when the app takes the page over, and stays on screen.
 */
const cases: Array<{ name: string; draw: (props: FieldWidgetProps) => ReactElement; answer: (container: HTMLElement) => void; shown: (container: HTMLElement) => unknown; expected: FieldValue }> = [
  {
    name: 'textarea',
    draw: (props) => <TextareaWidget {...props} componentName="textarea" />,
    answer: (c) => void (drawn<HTMLTextAreaElement>(c, 'textarea').value = 'Shudders at 40 mph'),
    shown: (c) => drawn<HTMLTextAreaElement>(c, 'textarea').value,
    expected: 'Shudders at 40 mph',
  },
  {
    name: 'select',
    draw: (props) => <SelectWidget {...props} componentName="select" options={OPTIONS} />,
    answer: (c) => void (drawn<HTMLSelectElement>(c, 'select').value = 'lease'),
    shown: (c) => drawn<HTMLSelectElement>(c, 'select').value,
    expected: 'lease',
  },
  {
    name: 'checkbox',
    draw: (props) => <CheckboxWidget {...props} componentName="checkbox" />,
    answer: (c) => void (drawn<HTMLInputElement>(c, 'input').checked = true),
    shown: (c) => drawn<HTMLInputElement>(c, 'input').checked,
    expected: true,
  },
  {
    name: 'radio',
    draw: (props) => <RadioWidget {...props} componentName="radio" options={OPTIONS} />,
    answer: (c) => void (drawn<HTMLInputElement>(c, 'input[value="lease"]').checked = true),
    shown: (c) => drawn<HTMLInputElement>(c, 'input:checked').value,
    expected: 'lease',
  },
];

describe('a controlled widget drawn on the server', () => {
  it.each(cases)('$name: the answer given before the app ran is reported when the app takes it over, and kept on screen; none when none was given', async ({ draw, answer, shown, expected }) => {
    for (const answered of [true, false]) {
      const container = document.createElement('div');
      document.body.append(container);
      container.innerHTML = renderToString(draw(widgetProps({ id: 'f', label: 'Field' })));
      if (answered) answer(container);
      const onChange = vi.fn();
      const root = await act(async () => hydrateRoot(container, draw(widgetProps({ id: 'f', label: 'Field', onChange }))));
      expect(onChange.mock.calls).toEqual(answered ? [[expected]] : []);
      if (answered) expect(shown(container)).toBe(expected);
      act(() => root.unmount());
      container.remove();
    }
  });
});
