// A tooltip for a figure repeated on every row of a table (an account's margin health, a position's distance
// to liquidation). Mantine's Tooltip sets up its floating element's state, ids and listeners when it is
// drawn: for 160 accounts that was a sixth of drawing the portfolio after unlock, for tooltips nobody had
// pointed at yet. This one becomes a Tooltip when the pointer first reaches its target, and opens then.
import { useState, type ReactElement } from 'react';
import { Tooltip } from '@mantine/core';

export function HoverTip({ label, children }: { label: string; children: ReactElement }) {
  const [armed, setArmed] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <span
      style={{ display: 'inline-flex' }}
      onPointerEnter={() => {
        setArmed(true);
        setOpened(true);
      }}
      onPointerLeave={() => setOpened(false)}
    >
      {armed ? (
        <Tooltip label={label} opened={opened}>
          {children}
        </Tooltip>
      ) : (
        children
      )}
    </span>
  );
}
