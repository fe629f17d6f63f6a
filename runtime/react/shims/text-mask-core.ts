/**
 * text-mask-core in the browser: the two functions the masks use, from the package's own ES module
 * sources, instead of its bundle, which carries the rest of the package (the input element it
 * drives) in a wrapper no bundler can trim. vite.config.ts resolves the masks' import here.
 */
import adjustCaretPosition from 'text-mask-core/src/adjustCaretPosition.js';
import conformToMask from 'text-mask-core/src/conformToMask.js';

export default { conformToMask, adjustCaretPosition };
