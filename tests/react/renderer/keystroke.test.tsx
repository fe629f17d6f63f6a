/**
 * One keystroke, one field's update: typing in a field re-renders that field's widget and no other
 * widget of the page (each widget is memoized on its computed props). Counted through a widget
 * registry whose widgets note each render, on the renderer and on the app's running form.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler, type ComponentType } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import type { FieldConfig, FlowFile, PageConfig, RecordsBlock } from '../../../runtime/core/types';
import { App } from '../../../runtime/app/App';
import { CORE_GUARDS } from '../../../runtime/app/guards';
import { REGISTRIES } from '../../../runtime/app/forms/registries';
import { loadSameFields } from '../../../runtime/react/ModelFields';
import { PRIMARY_ACTION_ID } from '../../../runtime/react/PageRenderer';
import type { RendererRegistries } from '../../../runtime/react/types';
import type { FieldWidgetProps, WidgetRegistry } from '../../../runtime/react/widget-types';
import { preloadShell, testServices } from '../app/fixtures';
import { CONFIGS, Harness, makeT, page } from '../fixtures';
import { rendersDuring } from '../render-count';

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

  it("in an open record beside saved ones draws that record's field and none of the saved rows, the page's texts or the field's label", async () => {
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
    await userEvent.click(facility);
    const rendered = await rendersDuring(() => userEvent.keyboard('D'));
    expect(facility).toHaveProperty('value', 'D');
    expect(facility.getAttribute('aria-invalid')).toBeNull();
    // The typed field (its widget, its input group) and what reads the answers: the records
    // block that holds it, its group of fields, the page's record saves.
    expect(rendered).toContain('TextWidget');
    expect(rendered.filter((name) => name === 'BlockView')).toEqual(['BlockView']);
    for (const unchanged of ['SavedRows', 'SavedRecordRow', 'DisplayValuesRow', 'DraftActions', 'Button', 'TextOnlyBlock', 'FieldLabel', 'RequiredMarker', 'FieldHelp']) expect(rendered).not.toContain(unchanged);
    // Its error went with that key; the next keys draw no error line, nor the label.
    const more = await rendersDuring(() => userEvent.keyboard('ef'));
    expect(more).not.toContain('FieldErrors');
    expect(more).not.toContain('FieldLabel');
    // Saved, the record joins the rows; the next one cancelled leaves them as they were.
    await userEvent.click(screen.getByRole('button', { name: 'Save repair' }));
    await userEvent.click(await screen.findByRole('button', { name: 'LocKey_Button_AddMore' }));
    expect(rows()).toHaveLength(4);
    expect(rows()[3]).toContain('Def');
    await userEvent.type(await screen.findByLabelText(/^Facility/), 'Gone');
    await userEvent.click(screen.getByRole('button', { name: 'LocKey_Button_Cancel' }));
    expect(rows()).toHaveLength(4);
    expect(rows().join(' ')).not.toContain('Gone');
  });
});
