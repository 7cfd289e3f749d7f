// Main-process events for the renderer: typed by the contract, delivered by whichever transport is bound.
import type { EventName } from '../shared/ipc/events';
import type { EventOf } from '../shared/ipc/events';

export type EventListener = <E extends EventName>(name: E, payload: EventOf<E>) => void;

export interface EventBus {
  emit<E extends EventName>(name: E, payload: EventOf<E>): void;
  /** Returns an unsubscribe function. */
  subscribe(listener: EventListener): () => void;
}

export function createEventBus(): EventBus {
  const listeners = new Set<EventListener>();
  return {
    emit(name, payload) {
      for (const listener of listeners) listener(name, payload);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
