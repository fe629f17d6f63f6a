/**
 * The e-mail receipt of a submission, in the claimant's language: what the flow's confirmation
 * page shows, in the same order — its headings, the confirmation text with the reference code,
 * when the claim was filed (in the settlement's time zone), what happens next, and the summary of
 * the answers (secret fields never; flow/secrets.ts), and the link to the claim's status page.
 * Nothing of the fraud screening appears: a held claim gets the same receipt.
 */
import { secretFields } from '../../runtime/core/flow/secrets.js';
import { SUBMITTED_AT_KEY, submissionTimeText } from '../../runtime/core/i18n/submissionTime.js';
import { camelCase } from '../../runtime/core/models/config.js';
import { accountFields, payloadKinds, storeRecords } from '../../runtime/core/models/declared.js';
import { isRecord } from '../../runtime/core/guards.js';
import type { DeadlineSettings, FieldValue, FlowFile, FormModel, ModelConfig, ModelStoreState, PageConfig } from '../../runtime/core/types.js';
import { inputHints } from '../../runtime/core/view/input-hints.js';
import { summaryView, type SummaryRow } from '../../runtime/core/view/summary.js';
import type { Translate } from '../../runtime/core/view/types.js';
import { escapeHtml, htmlToText, type MailContent } from './content.js';

export const RECEIPT_KEYS = {
  subject: 'LocKey_Receipt_Subject',
  footer: 'LocKey_Receipt_Footer',
  siteTitle: 'LocKey_Site_Title',
  referenceCode: 'LocKey_Confirmation_ReferenceCode',
  statusLink: 'LocKey_Receipt_StatusLink',
} as const;

export interface ReceiptInput {
  flow: Pick<FlowFile, 'pages'>;
  /** The model configs of the claim's form: its declared models are listed too, account numbers masked. */
  models?: readonly ModelConfig[];
  /** The stored answers (a submission's payload). */
  answers: Record<string, unknown>;
  referenceCode: string;
  /** Epoch ms. */
  submittedAt: number;
  culture: string;
  /** Texts in the receipt's culture. */
  t: Translate;
  deadlines: DeadlineSettings;
  /** The address of the status page in the claimant's language; absent in receipts queued before it was kept. */
  statusLink?: string | null;
}

const isModel = (value: unknown): value is FormModel => isRecord(value) && typeof value.clientId === 'string' && typeof value.fields === 'object';

/** The stored answers as a store of saved models, as the confirmation page reads them. */
function storeOf(answers: Record<string, unknown>, models: readonly ModelConfig[]): ModelStoreState {
  const saved: FormModel[] = [];
  const add = (kind: string, model: unknown) => {
    if (isModel(model)) saved.push({ ...model, metadata: { ...model.metadata, dtoMapping: kind } });
  };
  const kinds = payloadKinds(models);
  for (const kind of kinds.single) add(kind, answers[kind]);
  for (const kind of kinds.lists) {
    const list = answers[kind];
    if (Array.isArray(list)) for (const model of list) add(kind, model);
  }
  const formType = models[0]?.metadata.formType;
  const records = formType ? storeRecords(models, formType) : undefined;
  return records ? { drafts: [], saved, everEdited: {}, records } : { drafts: [], saved, everEdited: {} };
}

const inFlow = (page: PageConfig) => page.inFlow !== false;

/**
 * Where the receipt goes: the first e-mail field the flow asks for (a field whose input type is
 * e-mail, declared or by default, on a page of the flow) that the claimant answered; else null.
 */
export function receiptAddress(flow: Pick<FlowFile, 'pages'>, answers: Record<string, unknown>): string | null {
  for (const page of flow.pages.filter(inFlow)) {
    for (const block of page.blocks) {
      if (block.block !== 'model') continue;
      const model = answers[camelCase(block.model)];
      if (!isModel(model)) continue;
      for (const field of block.fields) {
        if (field.secret || inputHints(field, block.model).inputType !== 'email') continue;
        const value: FieldValue | undefined = model.fields[field.key];
        if (typeof value === 'string' && /^[^\s@]+@[^\s@]+$/.test(value.trim())) return value.trim();
      }
    }
  }
  return null;
}

/** The page that confirms a submission: the flow's page with a confirmation block. */
export function confirmationPage(flow: Pick<FlowFile, 'pages'>): PageConfig | undefined {
  return flow.pages.find((page) => page.blocks.some((b) => b.block === 'confirmation'));
}

/** The receipt's subject, text and HTML. */
export function renderReceipt(input: ReceiptInput): MailContent {
  const { t } = input;
  const site = t(RECEIPT_KEYS.siteTitle);
  const text: string[] = [site, ''];
  const html: string[] = [`<p style="color:#555">${escapeHtml(site)}</p>`];
  const paragraph = (value: string) => {
    text.push(value, '');
    html.push(`<p>${escapeHtml(value)}</p>`);
  };
  // A value of several lines (a description) keeps its lines, under its label.
  const rowsText = (rows: SummaryRow[], indent: string) => rows.filter((r) => r.value !== '').map((r) => `${indent}${r.label}: ${r.value.replace(/\r?\n/g, `\n${indent}  `)}`);
  const rowsHtml = (rows: SummaryRow[]) =>
    `<dl>${rows
      .filter((r) => r.value !== '')
      .map((r) => `<dt style="font-weight:bold">${escapeHtml(r.label)}</dt><dd style="margin:0 0 .5em 0;white-space:pre-line">${escapeHtml(r.value)}</dd>`)
      .join('')}</dl>`;

  const page = confirmationPage(input.flow);
  const secrets = secretFields(input.flow);
  const store = storeOf(input.answers, input.models ?? []);
  const accounts = accountFields(input.models ?? []);
  for (const block of page?.blocks ?? []) {
    if (block.block === 'header') {
      const heading = t(block.textKey);
      text.push(heading, '='.repeat(Math.min(heading.length, 60)), '');
      html.push(`<${block.element}>${escapeHtml(heading)}</${block.element}>`);
    } else if (block.block === 'confirmation') {
      paragraph(htmlToText(t(block.textKey, input.referenceCode)));
      text.push(`${t(RECEIPT_KEYS.referenceCode)}: ${input.referenceCode}`);
      html.push(`<p>${escapeHtml(t(RECEIPT_KEYS.referenceCode))}: <strong style="font-size:1.2em">${escapeHtml(input.referenceCode)}</strong></p>`);
      paragraph(t(SUBMITTED_AT_KEY, submissionTimeText(input.submittedAt, input.culture, input.deadlines)));
    } else if (block.block === 'copy') {
      for (const key of block.paragraphs) paragraph(htmlToText(t(key)));
    } else if (block.block === 'summary') {
      if (block.headerKey) {
        text.push(t(block.headerKey), '-'.repeat(Math.min(t(block.headerKey).length, 60)), '');
        html.push(`<h2>${escapeHtml(t(block.headerKey))}</h2>`);
      }
      for (const group of summaryView(block, { store, pages: input.flow.pages, culture: input.culture, t, secrets, accounts })) {
        text.push(group.title);
        html.push(`<h3>${escapeHtml(group.title)}</h3>`);
        if (group.rows) {
          text.push(...rowsText(group.rows, '  '));
          html.push(rowsHtml(group.rows));
        }
        if (group.records) {
          group.records.forEach((rows, i) => text.push(`  ${i + 1}.`, ...rowsText(rows, '     ')));
          html.push(`<ol>${group.records.map((rows) => `<li>${rowsHtml(rows)}</li>`).join('')}</ol>`);
        }
        text.push('');
      }
    }
  }
  if (input.statusLink) {
    text.push(`${t(RECEIPT_KEYS.statusLink)} ${input.statusLink}`, '');
    html.push(`<p>${escapeHtml(t(RECEIPT_KEYS.statusLink))} <a href="${escapeHtml(input.statusLink)}">${escapeHtml(input.statusLink)}</a></p>`);
  }
  const footer = t(RECEIPT_KEYS.footer, site);
  text.push('--', footer);
  html.push(`<hr><p style="color:#555;font-size:.9em">${escapeHtml(footer)}</p>`);
  return {
    subject: t(RECEIPT_KEYS.subject, site, input.referenceCode),
    text: text.join('\n'),
    html: `<!doctype html><html lang="${escapeHtml(input.culture)}"><head><meta charset="utf-8"><title>${escapeHtml(site)}</title></head><body style="font-family:Arial,sans-serif;line-height:1.4;max-width:40em">${html.join('\n')}</body></html>`,
  };
}
