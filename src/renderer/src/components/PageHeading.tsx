// Each screen's one h1. It names the window (document.title, what a screen reader announces and the task
// switcher shows) and, when the person navigated here, takes the keyboard focus, so the next Tab starts in
// the new page and a screen reader reads where it landed instead of staying on the link that was used.
import { Title } from '@mantine/core';
import { createContext, useContext, useEffect, useRef } from 'react';

/** How many times the person has navigated in the shell: 0 on the first screen shown, which keeps the focus. */
export const NavigationCount = createContext(0);

const windowTitle = (name: string) => (name.includes('Perpetua') ? name : `${name} · Perpetua`);

export function PageHeading({ children, id }: { children: string; id?: string }) {
  const navigations = useContext(NavigationCount);
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = windowTitle(children);
  }, [children]);
  useEffect(() => {
    if (navigations > 0) ref.current?.focus();
  }, [navigations]);
  return (
    <Title order={1} size="h2" ref={ref} tabIndex={-1} id={id} className="page-heading">
      {children}
    </Title>
  );
}
