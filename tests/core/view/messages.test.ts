/** Field messages say what to do, in the field's words: flow messages, label-built defaults, summary lines. */
import { describe, expect, it } from 'vitest';
import { createIdSource, getModel, initStore, setFieldValue } from '../../../runtime/core/models';
import { RULE_MESSAGES } from '../../../runtime/core/rules';
import { labelInSentence } from '../../../runtime/core/rules/engine';
import type { FieldConfig, ModelConfig, ModelStoreState } from '../../../runtime/core/types';
import { errorLine, validatePage } from '../../../runtime/core/view';
import { makeT, NOW, page } from './fixtures';

const DATE_RULES = [{ type: 'validDate', formats: ['M/d/yyyy', 'M/dd/yyyy', 'MM/d/yyyy', 'MM/dd/yyyy'] }];
const CONFIGS: ModelConfig[] = [
  {
    metadataHash: 'm1',
    metadata: { formType: 'Automotive', dtoMapping: 'ClaimDetails' },
    fields: {
      firstName: { dataType: 'string', validations: [{ type: 'required' }] },
      ownershipType: { dataType: 'string', validations: [{ type: 'required' }] },
      documentType: { dataType: 'string', validations: [{ type: 'required' }] },
      acquisitionDate: { dataType: 'dateTime', validations: [{ type: 'required' }, ...DATE_RULES] },
      repairDate: { dataType: 'dateTime', validations: [{ type: 'required' }, ...DATE_RULES] },
      vin: { dataType: 'string', validations: [{ type: 'required' }] },
      attestation: { dataType: 'boolean', validations: [{ type: 'required' }] },
      email: { dataType: 'string', validations: [{ type: 'required', messageKey: 'LocKey_Own' }] },
    },
  },
];

/** Both languages from the defaults' own texts, plus the labels and the flow's messages. */
function translator(lang: 'en' | 'es', extra: Record<string, string>) {
  return makeT({ ...Object.fromEntries(Object.entries(RULE_MESSAGES).map(([k, v]) => [k, v[lang]])), ...extra });
}
const EN = translator('en', {
  L_First: 'First name',
  L_Owner: 'Do you own or lease the vehicle?',
  L_DocType: 'Document type:',
  L_Acq: 'Date you bought the vehicle',
  L_Repair: 'Repair date',
  L_Vin: 'Vehicle Identification Number (VIN)',
  L_Attest: 'I declare that this is true.',
  L_Email: 'E-mail address',
  LocKey_Own: 'Server says: e-mail',
  M_First: 'Enter your first name',
  M_Owner: 'Choose whether you own or lease the vehicle',
  M_Acq: 'Enter the date you bought the vehicle, for example 3/15/2016',
});
const ES = translator('es', {
  L_First: 'Nombre',
  L_Owner: '¿Es propietario o arrendatario del vehículo?',
  L_Repair: 'Fecha de la reparación',
  M_First: 'Ingrese su nombre',
});

const fields: FieldConfig[] = [
  { key: 'firstName', widget: 'text', label: 'L_First', messages: { required: 'M_First' } },
  { key: 'ownershipType', widget: 'radio', label: 'L_Owner', options: [{ value: 'own', label: 'Own' }] },
  { key: 'documentType', widget: 'select', label: 'L_DocType', options: [{ value: 'x', label: 'X' }] },
  { key: 'acquisitionDate', widget: 'date', label: 'L_Acq', messages: { required: 'M_Acq', validDate: 'M_Acq' } },
  { key: 'repairDate', widget: 'date', label: 'L_Repair' },
  { key: 'vin', widget: 'text', label: 'L_Vin' },
  { key: 'attestation', widget: 'checkbox', label: 'L_Attest' },
  { key: 'email', widget: 'text', label: 'L_Email' },
];

function store(values: Record<string, string> = {}): ModelStoreState {
  let s = initStore(CONFIGS, 'Automotive', createIdSource(() => 0.1));
  for (const [key, value] of Object.entries(values)) s = setFieldValue(s, getModel(s, 'ClaimDetails').clientId, key, value);
  return s;
}
const errorsOf = (s: ModelStoreState, t = EN) => validatePage(page([{ block: 'model', model: 'ClaimDetails', fields }]), CONFIGS, s, { t, whitelist: null, now: NOW, formType: 'Automotive' }).errors;

describe('field messages', () => {
  it('say what to enter, in the flow\'s words or built from the label, never "Value is required"', () => {
    expect(errorsOf(store()).map((e) => [e.field, e.message, errorLine(e)])).toEqual([
      ['firstName', 'Enter your first name', 'Enter your first name'],
      // A question does not fit inside a sentence: the summary puts it before the message, without a colon.
      ['ownershipType', 'Choose an answer', 'Do you own or lease the vehicle? Choose an answer'],
      ['documentType', 'Choose document type', 'Choose document type'],
      ['acquisitionDate', 'Enter the date you bought the vehicle, for example 3/15/2016', 'Enter the date you bought the vehicle, for example 3/15/2016'],
      ['repairDate', 'Enter repair date, for example 3/15/2016', 'Enter repair date, for example 3/15/2016'],
      ['vin', 'Enter Vehicle Identification Number (VIN)', 'Enter Vehicle Identification Number (VIN)'],
      ['attestation', 'Check this box to continue', 'I declare that this is true. Check this box to continue'],
      // The server's own message key still wins over the label's default.
      ['email', 'Server says: e-mail', 'E-mail address: Server says: e-mail'],
    ]);
  });

  it('tell a malformed date by an example, not by a list of formats', () => {
    const errors = errorsOf(store({ acquisitionDate: '2016-03-15', repairDate: '31/12/2020' }));
    expect(errors.find((e) => e.field === 'acquisitionDate')?.message).toBe('Enter the date you bought the vehicle, for example 3/15/2016');
    expect(errors.find((e) => e.field === 'repairDate')?.message).toBe('Enter repair date, for example 3/15/2016');
    for (const e of errors) expect(e.message).not.toMatch(/M\/d\/yyyy|MM\/dd/);
  });

  it('of a conditional requirement fall back on the field\'s required message', () => {
    const configs: ModelConfig[] = [{ ...CONFIGS[0]!, fields: { ...CONFIGS[0]!.fields, firstName: { dataType: 'string', validations: [{ type: 'requiredIf', otherProperty: 'vin', value: null }] } } }];
    const s = initStore(configs, 'Automotive', createIdSource(() => 0.1));
    const { errors } = validatePage(page([{ block: 'model', model: 'ClaimDetails', fields: [fields[0]!] }]), configs, s, { t: EN, whitelist: null, now: NOW, formType: 'Automotive' });
    expect(errors.map((e) => e.message)).toEqual(['Enter your first name']);
  });

  it('are the label itself when the label is an instruction rather than a name', () => {
    const fields: FieldConfig[] = [
      { key: 'firstName', widget: 'text', label: 'Describe what you did' },
      { key: 'vin', widget: 'text', label: 'Phone number of your Venmo account' },
    ];
    const s = initStore(CONFIGS, 'Automotive', createIdSource(() => 0.1));
    const { errors } = validatePage(page([{ block: 'model', model: 'ClaimDetails', fields }]), CONFIGS, s, { t: EN, whitelist: null, now: NOW, formType: 'Automotive' });
    expect(errors.map((e) => errorLine(e))).toEqual(['Describe what you did', 'Enter the phone number of your Venmo account']);
    const { errors: es } = validatePage(page([{ block: 'model', model: 'ClaimDetails', fields: [{ key: 'firstName', widget: 'text', label: 'Describa lo que hizo' }] }]), CONFIGS, s, { t: ES, whitelist: null, now: NOW, formType: 'Automotive' });
    expect(es.map((e) => e.message)).toEqual(['Describa lo que hizo']);
  });

  it('give a label naming one particular thing its article where the language has one for any noun', () => {
    const configs: ModelConfig[] = [
      { ...CONFIGS[0]!, fields: { ...CONFIGS[0]!.fields, vin: { dataType: 'string', validations: [{ type: 'required' }] }, documentType: { dataType: 'string', validations: [{ type: 'required' }] } } },
    ];
    const labelled = (labels: Record<'vin' | 'documentType' | 'repairDate' | 'firstName', string>): FieldConfig[] => [
      { key: 'vin', widget: 'text', label: labels.vin },
      { key: 'documentType', widget: 'select', label: labels.documentType, options: [{ value: 'x', label: 'X' }] },
      { key: 'repairDate', widget: 'date', label: labels.repairDate },
      { key: 'firstName', widget: 'text', label: labels.firstName },
    ];
    const s = initStore(configs, 'Automotive', createIdSource(() => 0.1));
    const messagesOf = (t: typeof EN, labels: Parameters<typeof labelled>[0]) =>
      validatePage(page([{ block: 'model', model: 'ClaimDetails', fields: labelled(labels) }]), configs, s, { t, whitelist: null, now: NOW, formType: 'Automotive' }).errors.map((e) => errorLine(e));
    // A noun with what follows it takes "the"; a bare noun, or a label that already says whose, does not.
    expect(messagesOf(EN, { vin: 'ZIP code of your mailing address', documentType: 'Kind of proof (receipt or invoice)', repairDate: 'Date of purchase', firstName: 'Your name on the account' })).toEqual([
      'Enter the ZIP code of your mailing address',
      'Choose the kind of proof (receipt or invoice)',
      'Enter the date of purchase, for example 3/15/2016',
      'Enter your name on the account',
    ]);
    expect(messagesOf(EN, { vin: 'First name', documentType: 'Document type', repairDate: 'Repair date', firstName: 'PayPal e-mail address' })).toEqual([
      'Enter first name',
      'Choose document type',
      'Enter repair date, for example 3/15/2016',
      'Enter PayPal e-mail address',
    ]);
    // Spanish chooses its article by the noun (el número, la fecha), so its text gives none: such a label
    // is not put inside the sentence ("Ingrese número de…" reads wrong), the summary puts it before the message.
    const esLabels = { vin: 'Número de teléfono de su cuenta de Venmo', documentType: 'Tipo de comprobante', repairDate: 'Fecha de la reparación', firstName: 'Su nombre en la cuenta' };
    expect(messagesOf(ES, esLabels)).toEqual([
      'Número de teléfono de su cuenta de Venmo: Ingrese su respuesta',
      'Tipo de comprobante: Elija una respuesta',
      'Fecha de la reparación: Ingrese una fecha, por ejemplo 3/15/2016',
      'Ingrese su nombre en la cuenta',
    ]);
    // Nor does a locale without the text: never the English article in a Spanish sentence.
    const esWithoutArticleText = makeT(Object.fromEntries(Object.entries(RULE_MESSAGES).filter(([key]) => key !== 'LocKey_Validation_TheField').map(([key, v]) => [key, v.es])));
    expect(messagesOf(esWithoutArticleText, esLabels)[0]).toBe('Número de teléfono de su cuenta de Venmo: Ingrese su respuesta');
    // A field's own message names it in its words.
    const own = makeT({ ...Object.fromEntries(Object.entries(RULE_MESSAGES).map(([k, v]) => [k, v.es])), M_Venmo: 'Ingrese el número de teléfono de su cuenta de Venmo' });
    const withOwn = labelled(esLabels).map((f) => (f.key === 'vin' ? { ...f, messages: { required: 'M_Venmo' } } : f));
    expect(validatePage(page([{ block: 'model', model: 'ClaimDetails', fields: withOwn }]), configs, s, { t: own, whitelist: null, now: NOW, formType: 'Automotive' }).errors.map((e) => errorLine(e))[0]).toBe(
      'Ingrese el número de teléfono de su cuenta de Venmo',
    );
  });

  it('read well in Spanish for labels that are questions, instructions and nouns', () => {
    const configs: ModelConfig[] = [{ ...CONFIGS[0]!, fields: { ...CONFIGS[0]!.fields, vin: { dataType: 'string', validations: [{ type: 'required' }] }, documentType: { dataType: 'string', validations: [{ type: 'required' }] } } }];
    const s = initStore(configs, 'Automotive', createIdSource(() => 0.1));
    const linesOf = (fields: FieldConfig[]) => validatePage(page([{ block: 'model', model: 'ClaimDetails', fields }]), configs, s, { t: ES, whitelist: null, now: NOW, formType: 'Automotive' }).errors.map((e) => errorLine(e));
    expect(
      linesOf([
        { key: 'vin', widget: 'text', label: '¿Qué hizo?' },
        { key: 'documentType', widget: 'select', label: '¿Qué tipo de comprobante tiene? (opcional)', options: [{ value: 'x', label: 'X' }] },
        { key: 'repairDate', widget: 'date', label: '¿Cuándo lo reparó?' },
        { key: 'firstName', widget: 'text', label: 'Describa lo que hizo' },
      ]),
    ).toEqual(['¿Qué hizo? Ingrese su respuesta', '¿Qué tipo de comprobante tiene? (opcional): Elija una respuesta', '¿Cuándo lo reparó? Ingrese una fecha, por ejemplo 3/15/2016', 'Describa lo que hizo']);
    expect(
      linesOf([
        { key: 'vin', widget: 'text', label: 'Número de teléfono de su cuenta Venmo' },
        { key: 'documentType', widget: 'select', label: 'Tipo de comprobante' },
        { key: 'repairDate', widget: 'date', label: 'Indique la fecha de la reparación' },
        { key: 'firstName', widget: 'text', label: 'Correo electrónico' },
      ]),
    ).toEqual(['Número de teléfono de su cuenta Venmo: Ingrese su respuesta', 'Tipo de comprobante: Elija una respuesta', 'Indique la fecha de la reparación: Ingrese una fecha, por ejemplo 3/15/2016', 'Ingrese correo electrónico']);
    // English keeps its article for any noun.
    expect(validatePage(page([{ block: 'model', model: 'ClaimDetails', fields: [{ key: 'vin', widget: 'text', label: 'Phone number of your Venmo account' }] }]), configs, s, { t: EN, whitelist: null, now: NOW, formType: 'Automotive' }).errors.map((e) => errorLine(e))).toEqual([
      'Enter the phone number of your Venmo account',
    ]);
  });

  it('are in Spanish with the Spanish label', () => {
    const errors = errorsOf(store(), ES);
    expect(errors.find((e) => e.field === 'firstName')?.message).toBe('Ingrese su nombre');
    expect(errorLine(errors.find((e) => e.field === 'ownershipType')!)).toBe('¿Es propietario o arrendatario del vehículo? Elija una respuesta');
    expect(errorLine(errors.find((e) => e.field === 'repairDate')!)).toBe('Fecha de la reparación: Ingrese una fecha, por ejemplo 3/15/2016');
  });

  it('lower-case a label inside a sentence only when it starts with an ordinary word and is not in title case', () => {
    expect(labelInSentence('First name')).toBe('first name');
    expect(labelInSentence('Phone number of your Venmo account')).toBe('phone number of your Venmo account');
    expect(labelInSentence('ZIP code')).toBe('ZIP code');
    expect(labelInSentence('PayPal e-mail address')).toBe('PayPal e-mail address');
    expect(labelInSentence('E-mail address')).toBe('e-mail address');
    expect(labelInSentence('PIN')).toBe('PIN');
    expect(labelInSentence('Vehicle Identification Number (VIN)')).toBe('Vehicle Identification Number (VIN)');
    expect(labelInSentence('Apartment, suite, unit (optional)')).toBe('apartment, suite, unit (optional)');
  });
});
