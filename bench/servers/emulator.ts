/** Child: the captcha emulator (server/captcha-emulator) on 127.0.0.1, in its own process. */
import { startCaptchaEmulator } from '../../server/captcha-emulator/emulator.js';

const port = Number(process.env.BENCH_EMULATOR_PORT || 0);
const emulator = await startCaptchaEmulator({ host: '127.0.0.1', port });
process.send?.({ url: emulator.origin, pid: process.pid });
process.once('SIGTERM', () => void emulator.close().then(() => process.exit(0)));
