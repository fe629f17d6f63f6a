/**
 * What the browser figures share: production builds of the app and the plain page, the real server
 * (SQLite) serving the app with the captcha emulator, the plain page's static server, Chromium.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { buildApp, buildPlain, launch, serveStatic, tempDir } from './browser.js';
import { startAppServer, startEmulator, storage, type ServerUnderTest } from './servers.js';
import type { Child } from './procs.js';

export interface BrowserSetup {
  appUrl: string;
  plainUrl: string;
  browser: Browser;
  close(): Promise<void>;
}

export async function browserSetup(): Promise<BrowserSetup> {
  const tmp = tempDir('browser');
  const appDist = path.join(tmp.dir, 'app');
  const plainDist = path.join(tmp.dir, 'plain');
  await buildApp(appDist);
  await buildPlain(plainDist);
  const store = storage('sqlite', 'browser');
  let emulator: Child | null = null;
  let server: ServerUnderTest | null = null;
  let plain: Awaited<ReturnType<typeof serveStatic>> | null = null;
  let browser: Browser | null = null;
  const close = async () => {
    await browser?.close();
    await plain?.close();
    await server?.child.stop();
    await emulator?.stop();
    await store.cleanup();
    tmp.cleanup();
  };
  try {
    emulator = await startEmulator();
    server = await startAppServer(store, String(emulator.ready.url), { appDistDir: appDist, logger: 'off' });
    plain = await serveStatic(plainDist);
    browser = await launch();
    return { appUrl: server.url, plainUrl: plain.url, browser, close };
  } catch (error) {
    await close();
    throw error;
  }
}
