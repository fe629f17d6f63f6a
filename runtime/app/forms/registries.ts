import type { RendererRegistries } from '../../react/types';
import { WIDGETS } from '../../widgets';
import { BLOCKS } from '../../widgets/blocks';
import { Button } from '../../widgets/Button';

/** What the renderer draws with: the field widgets, the blocks and the action button of runtime/widgets. */
export const REGISTRIES: RendererRegistries = { widgets: WIDGETS, blocks: BLOCKS, Button };
