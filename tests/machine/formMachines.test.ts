import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { FlowFile } from '../../runtime/core/types';
import { createFormMachines, flowsByFormType } from '../../runtime/machine';
import { filesIn, readSettlementFolder } from '../../settlement/read';

const read = (file: string) => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as FlowFile;
const shipped = ['../../flows/automotive.json', '../../flows/lookup.json', '../../flows/exclusion.json'].map(read);
// The second settlement's flows as the settlement reader makes them (its patches over the sample's).
const second = filesIn(readSettlementFolder(fileURLToPath(new URL('../settlements/second', import.meta.url))), 'flows').map((f) => f.json as FlowFile);

describe('createFormMachines', () => {
  it('builds one machine per flow it is given, by form type', () => {
    const machines = createFormMachines(shipped);
    expect(Object.keys(machines).sort()).toEqual(['Automotive', 'Exclusion', 'Lookup']);
    expect(Object.keys(createFormMachines(shipped.slice(1, 2)))).toEqual(['Lookup']);
    expect(createFormMachines([])).toEqual({});
  });

  it.each([
    ['the repository flows', shipped],
    ['the second settlement', second],
  ])('starts each machine of %s on the first page of its flow', (_name, flows) => {
    const byType = flowsByFormType(flows);
    for (const [formType, machine] of Object.entries(createFormMachines(flows))) {
      const actor = createActor(
        machine!.provide({ actors: { authorize: fromPromise(async () => Promise.reject(new Error('unused'))), submit: fromPromise(async () => Promise.reject(new Error('unused'))) } }),
        { input: { store: { drafts: [], saved: [], everEdited: {} } } },
      );
      actor.start();
      expect(actor.getSnapshot().context.navigation.currentPage).toBe(byType[formType as keyof typeof byType]!.pages[0]!.id);
      actor.stop();
    }
  });

  it('keeps the last flow of a form type named twice', () => {
    const other = { ...shipped[1]!, pages: shipped[1]!.pages.map((p) => ({ ...p, id: `x-${p.id}` })) };
    expect(flowsByFormType([shipped[1]!, other]).Lookup).toBe(other);
  });
});
