// React.lazy for the app's pages, which are named exports: the page module becomes its own chunk, fetched the
// first time the page is shown.
import { lazy, type ComponentType } from 'react';

export function lazyPage<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): Module[Name] extends ComponentType<infer Props> ? ComponentType<Props> : never {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<unknown> })) as never;
}
