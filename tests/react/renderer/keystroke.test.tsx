/**
 * One keystroke, one field's update: typing in a field re-renders that field's widget and no other
 * widget of the page (each widget is memoized on its computed props). Counted through a widget
 * registry whose widgets note each render, on the renderer and on the app's running form.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler, type ComponentType } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import type { Condition, FieldConfig, FlowFile, ModelConfig, PageConfig, RecordsBlock } from '../../../runtime/core/types';
import { App } from '../../../runtime/app/App';
import type { AppServices } from '../../../runtime/app/context';
import { CORE_GUARDS } from '../../../runtime/app/guards';
import { loadSkipSelectors } from '../../../runtime/app/forms/skipScoped';
import { REGISTRIES } from '../../../runtime/app/forms/registries';
import { loadSameFields } from '../../../runtime/react/ModelFields';
import { PRIMARY_ACTION_ID } from '../../../runtime/core/site/prerender';
import type { RendererRegistries } from '../../../runtime/react/types';
import type { FieldWidgetProps, WidgetRegistry } from '../../../runtime/react/widget-types';
import { preloadShell, testServices } from '../app/fixtures';
import { CONFIGS, Harness, makeT, page } from '../fixtures';
import { rendersDuring } from '../render-count';

/** The signature of a review page (the tests' configs have none). */
const SIGNATURE_CONFIG: ModelConfig = {
  metadataHash: 'h5',
  metadata: { formType: 'Automotive', dtoMapping: 'Signature' },
  fields: { signature: { dataType: 'string', validations: [{ type: 'required' }] } },
};

/** One translator for the page's life (a new one would change every widget's props). */
const T = makeT();

const FIELDS: FieldConfig[] = [
  { key: 'note', widget: 'text', label: 'Note' },
  { key: 'phone', widget: 'text', label: 'Phone' },
  { key: 'ownershipType', widget: 'radio', label: 'Ownership', options: [{ value: 'own', label: 'Own' }, { value: 'lease', label: 'Lease' }] },
  { key: 'isCurrentOwner', widget: 'select', label: 'Current owner', options: [{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }] },
  { key: 'disposalDate', widget: 'date', label: 'Disposal date' },
];

/** The app's registries with every widget noting the field it renders. */
function countingRegistries(renders: string[]): RendererRegistries {
  const widgets = Object.fromEntries(
    Object.entries(REGISTRIES.widgets).map(([name, Widget]) => {
      const Inner = Widget as ComponentType<FieldWidgetProps>;
      const Counting = (props: FieldWidgetProps) => {
        renders.push(props.name);
        return <Inner {...props} />;
      };
      return [name, Counting];
    }),
  ) as unknown as WidgetRegistry;
  return { ...REGISTRIES, widgets };
}

beforeAll(async () => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  await preloadShell();
});

/** The form's machine made now (the app makes it in idle time), so that no count sees it arrive. */
async function machineReady(services: AppServices): Promise<void> {
  await act(async () => {
    await services.sessions.existingSession('Automotive')?.actor.ready();
  });
}

/** The test translator, recording every text asked of it: a group of fields drawn asks for its labels. */
/** An Automotive flow whose first page (the start, open to all) holds `blocks`, then an empty second page. */
function twoPageFlow(models: string[], blocks: PageConfig['blocks']): FlowFile {
  const first: PageConfig = { id: 'one', path: '/automotive', titleKey: 'LocKey_one', requiresAuthorization: false, sessionTimeout: false, action: 'next', blocks };
  return {
    version: 1,
    formType: 'Automotive',
    deadlineKeys: [],
    authorize: { endpoint: '/api/forms/automotive/authorize', method: 'POST' },
    models,
    pages: [first, { ...first, id: 'two', path: '/automotive/two', blocks: [] }],
  };
}

/**
 * Three pages: the ownership on the first, the second skipped for a leased vehicle (each look at
 * its rule counted), a street on the first page or the third.
 */
function leasedSkipFlow(streetOn: 'one' | 'three'): { flow: FlowFile; skipRuleReads: { count: number } } {
  const skipRuleReads = { count: 0 };
  const leased: Condition = { scope: 'claimDetails.ownershipType', schema: { const: 'lease' } };
  const ownership: FieldConfig = { key: 'ownershipType', widget: 'radio', label: 'Ownership', options: [{ value: 'own', label: 'Own' }, { value: 'lease', label: 'Lease' }] };
  const streetBlock: PageConfig['blocks'][number] = { block: 'model', model: 'ClaimantInfo', fields: [{ key: 'mailingStreetLine1', widget: 'text', label: 'Street' }] };
  const ownershipBlock: PageConfig['blocks'][number] = { block: 'model', model: 'ClaimDetails', fields: [ownership] };
  const base = twoPageFlow(['ClaimDetails', 'ClaimantInfo'], streetOn === 'one' ? [ownershipBlock, streetBlock] : [ownershipBlock]);
  const [first, second] = base.pages;
  if (!first || !second) throw new Error('two pages');
  const skipped: PageConfig = { ...second };
  Object.defineProperty(skipped, 'skipWhen', {
    enumerable: true,
    get: () => {
      skipRuleReads.count += 1;
      return leased;
    },
  });
  const third: PageConfig = { ...second, id: 'three', path: '/automotive/three', blocks: streetOn === 'three' ? [streetBlock] : [] };
  return { flow: { ...base, pages: [first, skipped, third] }, skipRuleReads };
}

function recordingTranslator() {
  const asked: string[] = [];
  const t = (key: string, ...args: Array<string | number>) => {
    asked.push(key);
    return T(key, ...args);
  };
  return { asked, t };
}

describe('a keystroke', () => {
  it('re-renders only the edited field on the renderer', async () => {
    const renders: string[] = [];
    render(<Harness registries={countingRegistries(renders)} t={T} page={page([{ block: 'model', model: 'ClaimDetails', fields: FIELDS }])} />);
    expect(new Set(renders)).toEqual(new Set(FIELDS.map((f) => f.key)));
    renders.length = 0;
    await userEvent.type(screen.getByLabelText('Note'), 'a');
    expect(renders.length).toBeGreaterThan(0);
    expect(new Set(renders)).toEqual(new Set(['note']));
  });

  it("computes only the edited model's fields and those that read it, which still follow it", async () => {
    await loadSameFields();
    const { asked, t } = recordingTranslator();
    const street: FieldConfig = { key: 'mailingStreetLine1', widget: 'text', label: 'Street' };
    // Shown only while the note says "x" (a dependency on another model).
    const city: FieldConfig = { key: 'mailingCity', widget: 'text', label: 'City', dependencies: [{ when: { scope: 'claimDetails.note', schema: { const: 'x' } } }] };
    // Must repeat the note (a rule reading another model).
    const region: FieldConfig = { key: 'mailingSubDivisionNonUS', widget: 'text', label: 'Region', validations: [{ type: 'compare', otherProperty: 'claimDetails.note' }] };
    render(
      <Harness
        t={t}
        page={page([
          { block: 'model', model: 'ClaimDetails', fields: [FIELDS[0]!] },
          { block: 'model', model: 'ClaimantInfo', fields: [street] },
          { block: 'model', model: 'ClaimantInfo', fields: [city] },
          { block: 'model', model: 'ClaimantInfo', fields: [region] },
        ])}
      />,
    );
    expect(screen.queryByLabelText('City')).toBeNull();
    await userEvent.type(screen.getByLabelText('Region'), 'y');
    await userEvent.tab();
    expect(screen.getByLabelText('Region').getAttribute('aria-invalid')).toBe('true');
    asked.length = 0;
    await userEvent.type(screen.getByLabelText('Note'), 'x');
    expect(asked).toContain('Note');
    expect(asked).not.toContain('Street');
    expect(screen.getByLabelText('City')).toBeTruthy();
    expect(screen.getByLabelText('Region').getAttribute('aria-invalid')).toBe('true');
    await userEvent.clear(screen.getByLabelText('Note'));
    await userEvent.type(screen.getByLabelText('Note'), 'y');
    expect(screen.queryByLabelText('City')).toBeNull();
    expect(screen.getByLabelText('Region').getAttribute('aria-invalid')).not.toBe('true');
    expect(asked).not.toContain('Street');
  });

  it("computes only the typed field of its record and those of the record that read it, which still follow it", async () => {
    await loadSameFields();
    const { asked, t } = recordingTranslator();
    const street: FieldConfig = { key: 'mailingStreetLine1', widget: 'text', label: 'Street' };
    // Shown only while the street says "x" (a dependency on a field of its own model).
    const city: FieldConfig = { key: 'mailingCity', widget: 'text', label: 'City', dependencies: [{ when: { scope: 'mailingStreetLine1', schema: { const: 'x' } } }] };
    // Must repeat the street (a rule reading a field of its own model).
    const region: FieldConfig = { key: 'mailingSubDivisionNonUS', widget: 'text', label: 'Region', validations: [{ type: 'compare', otherProperty: 'mailingStreetLine1' }] };
    const zip: FieldConfig = { key: 'mailingZip', widget: 'text', label: 'Zip' };
    render(<Harness t={t} page={page([{ block: 'model', model: 'ClaimantInfo', fields: [street, city, zip, region] }])} />);
    expect(screen.queryByLabelText(/^City/)).toBeNull();
    await userEvent.type(screen.getByLabelText(/^Region/), 'y');
    await userEvent.tab();
    expect(screen.getByLabelText(/^Region/).getAttribute('aria-invalid')).toBe('true');
    asked.length = 0;
    await userEvent.type(screen.getByLabelText(/^Street/), 'x');
    expect(asked).toContain('Street');
    expect(asked).not.toContain('Zip');
    expect(screen.getByLabelText(/^City/)).toBeTruthy();
    expect(screen.getByLabelText(/^Region/).getAttribute('aria-invalid')).toBe('true');
    await userEvent.clear(screen.getByLabelText(/^Street/));
    await userEvent.type(screen.getByLabelText(/^Street/), 'y');
    expect(screen.queryByLabelText(/^City/)).toBeNull();
    expect(screen.getByLabelText(/^Region/).getAttribute('aria-invalid')).not.toBe('true');
    // Its own keystrokes still draw the untouched field, and its errors once it is left.
    asked.length = 0;
    await userEvent.type(screen.getByLabelText(/^Zip/), '9');
    expect(asked).toContain('Zip');
    expect((screen.getByLabelText(/^Zip/) as HTMLInputElement).value).toBe('9');
    expect(asked).not.toContain('Region');
  });

  it('re-renders only the edited field on a running form of the app', async () => {
    const renders: string[] = [];
    const flow = twoPageFlow(['ClaimDetails'], [{ block: 'model', model: 'ClaimDetails', fields: FIELDS }]);
    // The running form draws with the app's registries: their widgets are counted for this test.
    const widgets = REGISTRIES.widgets;
    REGISTRIES.widgets = countingRegistries(renders).widgets;
    try {
      const services = testServices({ flows: [flow], state: { modelConfigs: CONFIGS, whitelistLoaded: true } });
      const commits: string[] = [];
      render(
        <Profiler id="app" onRender={(_id, phase) => commits.push(phase)}>
          <App services={services} guards={CORE_GUARDS} location={memoryLocation({ path: '/automotive' })} leaveApp={() => undefined} />
        </Profiler>,
      );
      const note = await screen.findByLabelText('Note');
      renders.length = 0;
      commits.length = 0;
      await userEvent.type(note, 'ab');
      expect((note as HTMLInputElement).value).toBe('ab');
      // One commit per keystroke, in which the edited field's widget is the only one to render.
      expect(commits).toEqual(['update', 'update']);
      expect(renders.length).toBeGreaterThan(0);
      expect(new Set(renders)).toEqual(new Set(['note']));
    } finally {
      REGISTRIES.widgets = widgets;
    }
  });

  it("draws neither the form's page nor its renderer on a running form, and what reads the typed answer still follows it", async () => {
    // The page's action buttons are drawn by the renderer on each of its renders (and by it on each
    // of the form page's): counting them counts the page's renders.
    const pageDraws: string[] = [];
    const Button = REGISTRIES.Button;
    const CountingButton: typeof Button = (props) => {
      pageDraws.push(props.label);
      return <Button {...props} />;
    };
    // Shown only while the note says "x": a field of another model, and a whole block.
    const city: FieldConfig = { key: 'mailingCity', widget: 'text', label: 'City', dependencies: [{ when: { scope: 'claimDetails.note', schema: { const: 'x' } } }] };
    const street: FieldConfig = { key: 'mailingStreetLine1', widget: 'text', label: 'Street' };
    const flow = twoPageFlow(['ClaimDetails', 'ClaimantInfo'], [
      { block: 'model', model: 'ClaimDetails', fields: FIELDS },
      { block: 'model', model: 'ClaimantInfo', fields: [city] },
      { block: 'model', model: 'ClaimantInfo', fields: [street], when: { scope: 'claimDetails.note', schema: { const: 'x' } } },
    ]);
    REGISTRIES.Button = CountingButton;
    try {
      const services = testServices({ flows: [flow], state: { modelConfigs: CONFIGS, whitelistLoaded: true } });
      render(<App services={services} guards={CORE_GUARDS} location={memoryLocation({ path: '/automotive' })} leaveApp={() => undefined} />);
      const note = await screen.findByLabelText('Note');
      expect(pageDraws.length).toBeGreaterThan(0);
      pageDraws.length = 0;
      await userEvent.type(note, 'ab');
      expect(screen.getByDisplayValue('ab')).toBe(note);
      expect(pageDraws).toEqual([]);
      expect(screen.queryByLabelText(/^City/)).toBeNull();
      expect(screen.queryByLabelText(/^Street/)).toBeNull();
      await userEvent.clear(note);
      await userEvent.type(note, 'x');
      expect(screen.getByLabelText(/^City/)).toBeTruthy();
      expect(screen.getByLabelText(/^Street/)).toBeTruthy();
      await userEvent.type(note, 'y');
      expect(screen.queryByLabelText(/^City/)).toBeNull();
      expect(screen.queryByLabelText(/^Street/)).toBeNull();
      expect(pageDraws).toEqual([]);
      // A refused Next lists the errors; an answer that corrects one takes its line away.
      const next = document.getElementById(PRIMARY_ACTION_ID);
      if (!next) throw new Error('no primary action');
      await userEvent.click(next);
      const ownership = () => document.querySelector('.cf-error-summary a[href="#claimDetails-ownershipType"]');
      expect(ownership()).not.toBeNull();
      await userEvent.click(screen.getByLabelText('Own'));
      expect(ownership()).toBeNull();
    } finally {
      REGISTRIES.Button = Button;
    }
  });

  it("in an open record beside saved ones draws that record's field and its group, not the records block, the saved rows, the page's texts or the field's label", async () => {
    const repairs: RecordsBlock = {
      block: 'records',
      model: 'ClaimTransactions',
      fixedValues: { claimTransactionType: 'repair' },
      legendKey: 'Repairs',
      startDraft: true,
      saveLabelKey: 'Save repair',
      fields: [
        { key: 'facilityName', widget: 'text', label: 'Facility' },
        { key: 'amountPaid', widget: 'text', label: 'Amount' },
      ],
      displayFields: ['facilityName', 'amountPaid'],
    };
    const flow = twoPageFlow(['ClaimTransactions'], [{ block: 'header', element: 'h1', textKey: 'Repairs page' }, { block: 'copy', paragraphs: ['Repairs intro'] }, repairs]);
    const services = testServices({ flows: [flow], state: { modelConfigs: CONFIGS, whitelistLoaded: true } });
    render(<App services={services} guards={CORE_GUARDS} location={memoryLocation({ path: '/automotive' })} leaveApp={() => undefined} />);
    const rows = () => [...document.querySelectorAll('.cf-records__item')].map((row) => row.textContent ?? '');
    for (const name of ['Shop A', 'Shop B', 'Shop C']) {
      await userEvent.type(await screen.findByLabelText(/^Facility/), name);
      await userEvent.click(screen.getByRole('button', { name: 'Save repair' }));
      await userEvent.click(await screen.findByRole('button', { name: 'LocKey_Button_AddMore' }));
    }
    expect(rows()).toHaveLength(3);
    // The open record refused once: its field tells what it lacks, until the claimant types.
    await userEvent.click(screen.getByRole('button', { name: 'Save repair' }));
    const facility = await screen.findByLabelText(/^Facility/);
    expect(facility.getAttribute('aria-invalid')).toBe('true');
    await machineReady(services);
    await userEvent.click(facility);
    const rendered = await rendersDuring(() => userEvent.keyboard('D'));
    expect(facility).toHaveProperty('value', 'D');
    expect(facility.getAttribute('aria-invalid')).toBeNull();
    // The typed field (its widget, its input group, the error line the key took away), the group of
    // fields that holds it, which reads its own answers: not the records block around it, whose
    // saved and open records stay as they were, nor the page's record saves (a timer restarted).
    expect([...rendered].sort()).toEqual(['FieldErrors', 'FieldWidget', 'InputGroup', 'ModelFields', 'TextWidget']);
    for (const unchanged of ['BlockView', 'Chunk', 'RecordsBlock', 'SavedRows', 'SavedRecordRow', 'DisplayValuesRow', 'DraftActions', 'Button', 'TextOnlyBlock', 'FieldLabel', 'RequiredMarker', 'FieldHelp']) {
      expect(rendered).not.toContain(unchanged);
    }
    // The next key: four components, no error line, nor the label.
    const next = await rendersDuring(() => userEvent.keyboard('e'));
    expect([...next].sort()).toEqual(['FieldWidget', 'InputGroup', 'ModelFields', 'TextWidget']);
    await userEvent.keyboard('f');
    // Saved, the record joins the rows; the next one cancelled leaves them as they were.
    await userEvent.click(screen.getByRole('button', { name: 'Save repair' }));
    await userEvent.click(await screen.findByRole('button', { name: 'LocKey_Button_AddMore' }));
    expect(rows()).toHaveLength(4);
    expect(rows()[3]).toContain('Def');
    await userEvent.type(await screen.findByLabelText(/^Facility/), 'Gone');
    await userEvent.click(screen.getByRole('button', { name: 'LocKey_Button_Cancel' }));
    expect(rows()).toHaveLength(4);
    expect(rows().join(' ')).not.toContain('Gone');
    // Some forty keys typed and a form's machine made: longer than the default on a busy machine.
  }, 20_000);

  it("in an open record draws that record's group and not the records block, and a field of the record that reads the key still follows it", async () => {
    const repairs: RecordsBlock = {
      block: 'records',
      model: 'ClaimTransactions',
      fixedValues: { claimTransactionType: 'repair' },
      legendKey: 'Repairs',
      startDraft: true,
      saveLabelKey: 'Save repair',
      fields: [
        { key: 'facilityName', widget: 'text', label: 'Facility' },
        // Asked only of a dealer's repair: a field of the record reading the typed one.
        { key: 'amountPaid', widget: 'text', label: 'Amount', dependencies: [{ when: { scope: 'facilityName', schema: { const: 'Dealer' } } }] },
      ],
      displayFields: ['facilityName'],
    };
    const flow = twoPageFlow(['ClaimTransactions'], [{ block: 'header', element: 'h1', textKey: 'Repairs page' }, repairs]);
    const services = testServices({ flows: [flow], state: { modelConfigs: CONFIGS, whitelistLoaded: true } });
    render(<App services={services} guards={CORE_GUARDS} location={memoryLocation({ path: '/automotive' })} leaveApp={() => undefined} />);
    await userEvent.type(await screen.findByLabelText(/^Facility/), 'Shop A');
    await userEvent.click(screen.getByRole('button', { name: 'Save repair' }));
    await userEvent.click(await screen.findByRole('button', { name: 'LocKey_Button_AddMore' }));
    const facility = await screen.findByLabelText(/^Facility/);
    await machineReady(services);
    await userEvent.click(facility);
    const first = await rendersDuring(() => userEvent.keyboard('D'));
    expect([...first].sort()).toEqual(['FieldWidget', 'InputGroup', 'ModelFields', 'TextWidget']);
    expect(screen.queryByLabelText(/^Amount/)).toBeNull();
    // The key that completes "Dealer" shows the field that reads it, and the next one hides it.
    const shows = await rendersDuring(() => userEvent.keyboard('ealer'));
    expect(screen.getByLabelText(/^Amount/)).toBeTruthy();
    expect(shows).not.toContain('RecordsBlock');
    await userEvent.keyboard('s');
    expect(screen.queryByLabelText(/^Amount/)).toBeNull();
    // Saved, the record is listed beside the first.
    await userEvent.click(screen.getByRole('button', { name: 'Save repair' }));
    const rows = [...document.querySelectorAll('.cf-records__item')].map((row) => row.textContent ?? '');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('Dealers');
  }, 20_000);

  it('on a review page draws neither the summary nor any other block for a key in the signature, and the summary shows an answer it reads once it changes', async () => {
    const flow = twoPageFlow(['ClaimDetails', 'Signature'], [
      { block: 'header', element: 'h1', textKey: 'Review' },
      { block: 'summary', groups: [{ titleKey: 'Details', editPage: 'one', model: 'ClaimDetails', fields: ['note'] }] },
      { block: 'model', model: 'Signature', fields: [{ key: 'signature', widget: 'text', label: 'Signature' }] },
      { block: 'model', model: 'ClaimDetails', fields: [{ key: 'note', widget: 'text', label: 'Note' }] },
    ]);
    const services = testServices({ flows: [flow], state: { modelConfigs: [...CONFIGS, SIGNATURE_CONFIG], whitelistLoaded: true } });
    render(<App services={services} guards={CORE_GUARDS} location={memoryLocation({ path: '/automotive' })} leaveApp={() => undefined} />);
    const signature = await screen.findByLabelText(/^Signature/);
    await machineReady(services);
    const summary = () => document.querySelector('.cf-summary')?.textContent ?? '';
    expect(summary()).toContain('Details');
    await userEvent.click(signature);
    const signed = await rendersDuring(() => userEvent.keyboard('J'));
    expect(signature).toHaveProperty('value', 'J');
    for (const unchanged of ['BlockView', 'Chunk', 'SummaryBlock', 'SummaryGroups', 'GroupValues', 'ModelBlock']) expect(signed).not.toContain(unchanged);
    expect([...signed].sort()).toEqual(['FieldWidget', 'InputGroup', 'ModelFields', 'TextWidget']);
    // An answer the summary shows, typed on the same page: the summary shows it as it changes.
    const noted = await rendersDuring(() => userEvent.type(screen.getByLabelText(/^Note/), 'abc'));
    expect(summary()).toContain('abc');
    expect(noted).toContain('SummaryBlock');
    await userEvent.type(screen.getByLabelText(/^Note/), 'd');
    expect(summary()).toContain('abcd');
  });

  it('leaves the step line and its skip rules alone for a key in a field no skip rule reads, and a choice one reads moves it', async () => {
    const { flow, skipRuleReads } = leasedSkipFlow('one');
    const services = testServices({ flows: [flow], state: { modelConfigs: CONFIGS, whitelistLoaded: true } });
    render(<App services={services} guards={CORE_GUARDS} location={memoryLocation({ path: '/automotive' })} leaveApp={() => undefined} />);
    const input = await screen.findByLabelText(/^Street/);
    await machineReady(services);
    // The step line's own selector, which the form loads in idle time; it is made, and reads the
    // skip rules once, with the first change of the answers after it is in.
    await act(() => loadSkipSelectors());
    const fill = () => document.querySelector<HTMLElement>('.cf-form-progress__fill')?.style.width;
    expect(fill()).toMatch(/^33\.3/);
    await userEvent.type(input, 'M');
    skipRuleReads.count = 0;
    const typed = await rendersDuring(() => userEvent.keyboard('ain'));
    expect(input).toHaveProperty('value', 'Main');
    expect(typed).not.toContain('ProgressIndicator');
    expect(skipRuleReads.count).toBe(0);
    // Step 1 of 3 becomes step 1 of 2.
    const chosen = await rendersDuring(() => userEvent.click(screen.getByLabelText('Lease')));
    expect(fill()).toBe('50%');
    expect(chosen).toContain('ProgressIndicator');
    expect(skipRuleReads.count).toBeGreaterThan(0);
  });
  it("leaves the Back button's skip rules alone for a key in a field no skip rule reads, and Back still passes the skipped page", async () => {
    const { flow, skipRuleReads } = leasedSkipFlow('three');
    const services = testServices({ flows: [flow], state: { modelConfigs: CONFIGS, whitelistLoaded: true } });
    render(<App services={services} guards={CORE_GUARDS} location={memoryLocation({ path: '/automotive' })} leaveApp={() => undefined} />);
    await userEvent.click(await screen.findByLabelText('Lease'));
    await machineReady(services);
    await act(() => loadSkipSelectors());
    const next = document.getElementById(PRIMARY_ACTION_ID);
    if (!next) throw new Error('no primary action');
    await userEvent.click(next);
    // A leased vehicle goes from the first page to the third; its Back passes the second again.
    const input = await screen.findByLabelText(/^Street/);
    await userEvent.type(input, 'M');
    skipRuleReads.count = 0;
    await userEvent.keyboard('ain');
    expect(input).toHaveProperty('value', 'Main');
    expect(skipRuleReads.count).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: /back/i }));
    expect(await screen.findByLabelText('Lease')).toHaveProperty('checked', true);
  });
});
