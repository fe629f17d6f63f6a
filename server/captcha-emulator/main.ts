/**
 * `npm run captcha:emulator`: the captcha emulator on its own (CAPTCHA_EMULATOR_PORT, default 3001).
 * Development and tests only.
 */
import { startCaptchaEmulator } from './emulator.js';

if (process.env.NODE_ENV === 'production') {
  console.error('The captcha emulator is for development and tests only; refusing to start with NODE_ENV=production.');
  process.exit(1);
}
const emulator = await startCaptchaEmulator({ port: Number(process.env.CAPTCHA_EMULATOR_PORT || 3001) });
console.log(`Captcha emulator (NOT for production) listening on ${emulator.origin}`);
console.log(`  script:     ${emulator.scriptUrl('recaptcha')} (also /hcaptcha/api.js, /turnstile/api.js)`);
console.log(`  siteverify: ${emulator.verifyUrl} (secret "${emulator.secret}")`);
const stop = () => void emulator.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
