import { describe, expect, it } from 'vitest';
import { DevError, devError, USER_MESSAGES } from '../../runtime/core/errors';

describe('the error catalogue', () => {
  it('raises developer errors with a stable code and the spec text', () => {
    const err = devError('CSRF_NOT_INITIALIZED');
    expect(err).toBeInstanceOf(DevError);
    expect(err.code).toBe('CSRF_NOT_INITIALIZED');
    expect(err.message).toBe('Csrf protection must be initialized before unsafe methods can be called');
    expect(devError('RECORD_CLIENT_ID_REQUIRED').message).toBe('recordClientId is required.');
    expect(devError('MAX_DISPLAY_FIELDS', 12).message).toBe('Max number of display fields, 12, exceeded.');
    expect(devError('WRONG_COMPONENT_NAME', 'FormFieldDate').message).toBe(
      'The value for componentName of a FormFieldDate was specified as something other than FormFieldDate, probably in the pageConfig object.',
    );
  });

  it('keeps the user-facing texts of spec §8 word for word', () => {
    expect(USER_MESSAGES.requestFailed.en).toBe('Your request failed. Please reload and try again.');
    expect(USER_MESSAGES.whitelistFailed.en).toBe('Could not get allowed characters');
  });
});
