/**
 * Which components render in a commit, told by React itself: the hook React's developer tools
 * install, which React calls with each committed tree. Installed before react-dom loads (first in
 * the react tests' setup); it looks at the tree only while a test counts.
 *
 * A function component rendered when it is new or did work in the commit (React's PerformedWork
 * flag, as the developer tools read it); a subtree whose children were not cloned was not visited.
 */
interface Fiber {
  tag: number;
  type: unknown;
  flags: number;
  alternate: Fiber | null;
  child: Fiber | null;
  sibling: Fiber | null;
}

// React's work tags of components that run a render function: function, class, forwardRef, simple memo.
const RENDERING_TAGS: ReadonlySet<number> = new Set([0, 1, 11, 15]);
const PERFORMED_WORK = 1;

let counting: string[] | null = null;

function nameOf(type: unknown): string {
  if (typeof type === 'function') return ('displayName' in type && typeof type.displayName === 'string' ? type.displayName : '') || type.name || 'anonymous';
  if (type && typeof type === 'object' && 'render' in type) return nameOf(type.render);
  return 'anonymous';
}

function collect(first: Fiber | null, into: string[]): void {
  for (let fiber = first; fiber; fiber = fiber.sibling) {
    const fresh = fiber.alternate === null;
    if (RENDERING_TAGS.has(fiber.tag) && (fresh || (fiber.flags & PERFORMED_WORK) !== 0)) into.push(nameOf(fiber.type));
    if (fresh || fiber.child !== fiber.alternate?.child) collect(fiber.child, into);
  }
}

Object.assign(globalThis, {
  __REACT_DEVTOOLS_GLOBAL_HOOK__: {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberRoot: (_renderer: number, root: { current: Fiber }) => {
      if (counting) collect(root.current.child, counting);
    },
  },
});

/** The names of the components rendered (one entry per render) while `act` runs and its commits land. */
export async function rendersDuring(act: () => Promise<unknown>): Promise<string[]> {
  const rendered: string[] = [];
  counting = rendered;
  try {
    await act();
  } finally {
    counting = null;
  }
  return rendered;
}
