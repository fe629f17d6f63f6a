import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BENCH = path.join(ROOT, 'bench');
export const FIXTURES = path.join(BENCH, 'fixtures');
