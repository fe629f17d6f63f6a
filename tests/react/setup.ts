// First: React's developer-tools hook must be in place before react-dom loads.
import './render-count';
import { afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { preloadWidgets } from '../../runtime/widgets';
import { preloadBlocks } from '../../runtime/widgets/blocks';

// Blocks that start pages leave out load apart; the app loads them ahead of the page that draws them.
beforeAll(() => Promise.all([preloadBlocks(), preloadWidgets()]));
afterEach(() => cleanup());
