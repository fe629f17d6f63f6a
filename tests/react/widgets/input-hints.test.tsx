/**
 * Autofill and keyboards (WCAG 1.3.5): the shipped flow's contact, address, payment and credential
 * fields carry autocomplete tokens and input types, drawn from the flow and the defaults.
 */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import automotive from '../../../flows/automotive.json';
import models from '../../../server-fixtures/models.json';
import { createIdSource, initStore } from '../../../runtime/core/models';
import type { FlowFile, ModelConfig, PageConfig } from '../../../runtime/core/types';
import { Harness } from '../fixtures';

const flow = automotive as unknown as FlowFile;
const configs = (models as unknown as { models: ModelConfig[] }).models;
const pageOf = (id: string) => flow.pages.find((p) => p.id === id) as PageConfig;

function renderPage(id: string, settings = {}) {
  const initial = initStore(configs, 'Automotive', createIdSource(() => 0.4));
  render(<Harness page={pageOf(id)} pages={flow.pages} modelConfigs={configs} formType="Automotive" initial={initial} settings={settings} />);
}

/** [autocomplete, type, inputmode] of an element by id; null where absent. */
function hintsOf(id: string): Array<string | null> {
  const el = document.getElementById(id);
  if (!el) throw new Error(`no #${id}`);
  return [el.getAttribute('autocomplete'), el.getAttribute('type'), el.getAttribute('inputmode')];
}

describe('input purposes', () => {
  it('contact fields: names, e-mail and phones, with the e-mail and phone keyboards', () => {
    renderPage('claimant-info');
    expect(hintsOf('claimantInfo-firstName')).toEqual(['given-name', 'text', null]);
    expect(hintsOf('claimantInfo-middleInitial')).toEqual(['additional-name', 'text', null]);
    expect(hintsOf('claimantInfo-lastName')).toEqual(['family-name', 'text', null]);
    expect(hintsOf('claimantInfo-emailAddress')).toEqual(['email', 'email', null]);
    expect(hintsOf('claimantInfo-phoneNumber')).toEqual(['tel-national', 'tel', null]);
    expect(hintsOf('claimantInfo-alternatePhoneNumber')).toEqual(['tel', 'tel', null]);
  });

  it('address block: street lines, city, state, ZIP and, for other countries, region, postal code and country', () => {
    renderPage('claimant-info', { internationalAddresses: true });
    expect(hintsOf('claimantInfo-mailingStreetLine1')).toEqual(['address-line1', 'text', null]);
    expect(hintsOf('claimantInfo-mailingStreetLine2')).toEqual(['address-line2', 'text', null]);
    expect(hintsOf('claimantInfo-mailingCity')).toEqual(['address-level2', 'text', null]);
    expect(hintsOf('claimantInfo-mailingSubDivision')[0]).toBe('address-level1');
    expect(hintsOf('claimantInfo-mailingPostalCode')).toEqual(['postal-code', 'text', null]);
    expect(hintsOf('claimantInfo-mailingCountry')[0]).toBe('country');
  });

  it('credentials: the notice ID and PIN as a username and password a password manager can fill; the VIN with no token', () => {
    renderPage('start');
    expect(hintsOf('credentials-noticeId')).toEqual(['username', 'text', null]);
    expect(hintsOf('credentials-pin')).toEqual(['current-password', 'text', 'numeric']);
    expect(hintsOf('credentials-vin')).toEqual([null, 'text', null]);
  });

  it('the review page confirms the e-mail and phone with their keyboards', () => {
    renderPage('claim-summary');
    expect(hintsOf('signature-confirmEmailAddress')).toEqual(['email', 'email', null]);
    expect(hintsOf('signature-confirmPhoneNumber')).toEqual(['tel-national', 'tel', null]);
  });
});
