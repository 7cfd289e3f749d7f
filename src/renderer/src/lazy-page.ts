// React.lazy for the app's pages, which are named exports: the page module becomes its own chunk, fetched the
// first time the page is shown, or earlier through `preload()`. A page whose chunk is already here renders
// at once: React.lazy would still suspend on its first render, and React holds a suspended boundary's content
// back for 300 ms after its fallback showed, which put a third of a second between unlocking and the portfolio.
import { createElement, lazy, type ComponentType } from 'react';

type PageOf<Module, Name extends keyof Module> =
  Module[Name] extends ComponentType<infer Props> ? ComponentType<Props> : never;

export type LazyPage<Component> = Component & { preload: () => Promise<void> };

export function lazyPage<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): LazyPage<PageOf<Module, Name>> {
  let loaded: ComponentType<object> | undefined;
  let loading: Promise<ComponentType<object>> | undefined;
  const fetchPage = () =>
    (loading ??= load().then((module) => (loaded = module[name] as ComponentType<object>)));
  const Lazy = lazy(async () => ({ default: await fetchPage() }));
  const Page = (props: object) => createElement(loaded ?? Lazy, props);
  Page.displayName = `Lazy(${String(name)})`;
  Page.preload = () => fetchPage().then(() => undefined);
  return Page as unknown as LazyPage<PageOf<Module, Name>>;
}
