import { installDialogPolyfill } from './dialog-polyfill.js';

installDialogPolyfill();
