// An account's triggers: the panel on its page and the key account updates refresh.
export { triggerKeys } from './queries';
export { TriggersPanel } from './TriggersPanel';
