// Columns that do not jump as figures tick. A table laid out by its content narrows a column when its widest
// figure gets shorter (a price falls below 10,000, an equity loses a digit) and widens the others to fill the
// row, so every column moves. Here each column keeps the widest it has been in this layout: its header cell's
// min-width follows it up, never down. The layout starts afresh when the table's box changes width or its
// columns change (a narrow window folds some), or when keeping old widths would push the table past its box.
import { useCallback, useLayoutEffect, useRef } from 'react';

const headers = (table: HTMLTableElement) =>
  Array.from(table.querySelectorAll<HTMLElement>(':scope > thead > tr > th'));

/** A ref for the <table>; its columns keep their widths through every re-render of the same layout. */
export function useSteadyColumns(): (table: HTMLTableElement | null) => void {
  const table = useRef<HTMLTableElement | null>(null);
  const kept = useRef<Kept>({ layout: '', widths: [] });
  const ref = useCallback((el: HTMLTableElement | null) => {
    table.current = el;
  }, []);
  // after every render, before paint: the figures just changed under the widths kept so far
  useLayoutEffect(() => {
    const el = table.current;
    if (!el) return;
    // A table's first layout is its content's own, with nothing kept to hold it to: its widths are taken
    // after that frame is painted, instead of forcing the layout of a page still being drawn.
    if (kept.current.layout === '') {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const frame = requestAnimationFrame(() => (timer = setTimeout(() => keepWidths(el, kept.current), 0)));
      return () => {
        cancelAnimationFrame(frame);
        if (timer !== undefined) clearTimeout(timer);
      };
    }
    keepWidths(el, kept.current);
  });
  return ref;
}

interface Kept {
  layout: string;
  widths: number[];
}

/** Holds each header cell at the widest it has been in this layout (a new layout starts afresh). */
function keepWidths(el: HTMLTableElement, kept: Kept): void {
  const cells = headers(el);
  const box = el.parentElement;
  const layout = `${cells.length}:${box?.clientWidth ?? 0}`;
  const release = () => {
    for (const c of cells) c.style.minWidth = '';
  };
  if (kept.layout !== layout) {
    release();
    Object.assign(kept, { layout, widths: [] });
  }
  if (box && el.scrollWidth > box.clientWidth) {
    // a figure grew wider than the kept widths leave room for: lay out from the content again
    release();
    kept.widths = [];
  }
  const widths = cells.map((c, i) => Math.max(c.getBoundingClientRect().width, kept.widths[i] ?? 0));
  // only the columns whose width moved are touched: after most updates, none
  cells.forEach((c, i) => {
    const width = `${widths[i]}px`;
    if (c.style.minWidth !== width) c.style.minWidth = width;
  });
  kept.widths = widths;
}
