// A table that stays fast with 100k rows: @tanstack/react-virtual keeps only the rows in view (plus a few
// either side) in the DOM, absolutely placed inside a spacer as tall as all rows together. Rows have one
// fixed height, so nothing is measured. The header sticks to the top of the scrolling area, so its columns
// line up with the rows'. ARIA roles make it a table to assistive technology (and to tests), with
// aria-rowcount/aria-rowindex saying where the shown rows sit in the whole.
import { memo, useCallback, useEffect, useMemo, useRef, type CSSProperties, type ReactElement } from 'react';
import { NARROW_PX, useWidth } from '../hooks/useWidth';
import { useVirtualizer } from '@tanstack/react-virtual';
import { formatCount } from '../../../shared/figures';

/** money in (positive) or out (negative) */
export type Tone = 'positive' | 'negative' | undefined;

export interface Column<R> {
  key: string;
  label: string;
  /** a CSS grid track, e.g. '1fr' or '160px' (default: 1fr) */
  width?: string;
  align?: 'left' | 'right';
  /** dropped when the table is narrower than NARROW_PX (a 1024 px window), so the others keep their room */
  optional?: boolean;
  /** an optional column's own width to drop below, for a table whose kept columns need more than NARROW_PX */
  optionalBelow?: number;
  /** text that may take two lines (a description) rather than be cut; needs a rowHeight of two lines */
  wrap?: boolean;
  /** money in (positive) or out (negative): coloured, besides the sign the text already carries */
  tone?(row: R): Tone;
  render(row: R): string;
}

const TONE_COLOR = {
  positive: 'var(--mantine-color-teal-text)',
  negative: 'var(--mantine-color-red-text)',
} as const;

export interface VirtualTableProps<R> {
  label: string;
  columns: Column<R>[];
  rows: readonly R[];
  rowKey(row: R, index: number): string;
  rowHeight?: number;
  /** height of the scrolling area in px */
  height?: number;
  /** extra rows rendered above and below the view, so fast scrolling does not show blanks */
  overscan?: number;
  /** called when the view comes within `endThreshold` rows of the end (to load the next page) */
  onEndReached?(): void;
  endThreshold?: number;
}

/** Browsers stop growing an element somewhere above 30 million px; stay well under it. */
const MAX_SPACER_PX = 15_000_000;

const cellStyle = (align: 'left' | 'right' | undefined, wrap = false): CSSProperties => ({
  padding: '0 var(--mantine-spacing-xs)',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: wrap ? 'normal' : 'nowrap',
  lineHeight: wrap ? 1.25 : undefined,
  maxHeight: wrap ? '2.5em' : undefined,
  textAlign: align ?? 'left',
  fontVariantNumeric: 'tabular-nums',
});
/** headers wrap between words rather than being cut ("Maintenance before (USDC)" on two lines) */
const headerStyle = (align: 'left' | 'right' | undefined): CSSProperties => ({
  ...cellStyle(align),
  whiteSpace: 'normal',
  overflowWrap: 'normal',
  lineHeight: 1.2,
});

interface RowProps<R> {
  row: R;
  index: number;
  /** px from the top of the rows */
  top: number;
  columns: Column<R>[];
  grid: string;
  rowHeight: number;
}

/**
 * One row, drawn again only when its own props change: a scroll step brings a few new rows into the window
 * and moves none of the others (each sits at its own absolute offset), so only the new ones render.
 */
const VirtualRow = memo(function VirtualRow<R>({ row, index, top, columns, grid, rowHeight }: RowProps<R>) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      style={{
        display: 'grid',
        gridTemplateColumns: grid,
        alignItems: 'center',
        height: rowHeight,
        borderBottom: '1px solid var(--mantine-color-default-border)',
        position: 'absolute',
        top,
        left: 0,
        right: 0,
        background: index % 2 ? 'var(--mantine-color-default-hover)' : undefined,
      }}
    >
      {columns.map((c) => {
        const tone = c.tone?.(row);
        return (
          <div
            key={c.key}
            role="cell"
            data-figure={c.align === 'right' || undefined}
            style={
              tone ? { ...cellStyle(c.align, c.wrap), color: TONE_COLOR[tone] } : cellStyle(c.align, c.wrap)
            }
          >
            {c.render(row)}
          </div>
        );
      })}
    </div>
  );
}) as <R>(props: RowProps<R>) => ReactElement;

export function VirtualTable<R>({
  label,
  columns: allColumns,
  rows,
  rowKey,
  rowHeight = 34,
  height = 440,
  overscan = 6,
  onEndReached,
  endThreshold = 20,
}: VirtualTableProps<R>) {
  const scroller = useRef<HTMLDivElement | null>(null);
  const { ref: measure, width } = useWidth();
  const scrollerRef = useCallback(
    (el: HTMLDivElement | null) => {
      scroller.current = el;
      measure(el);
    },
    [measure],
  );
  const columns = useMemo(
    () =>
      width > 0
        ? allColumns.filter((c) => !c.optional || width >= (c.optionalBelow ?? NARROW_PX))
        : allColumns,
    [allColumns, width],
  );
  const grid = columns.map((c) => c.width ?? '1fr').join(' ');
  // Past the spacer limit the rows would be unreachable; say so rather than pretend.
  const shown = Math.min(rows.length, Math.floor(MAX_SPACER_PX / rowHeight));
  // The rows start below the sticky header, which scrolls with them: it is the list's margin. It has room for
  // a header of two lines.
  const headerHeight = Math.round(rowHeight * 1.4);
  // The lint warns that React Compiler cannot memoize around the virtualizer's methods; the app does not run
  // the compiler, and only plain values (an index, an offset) reach the memoized rows.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: shown,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan,
    scrollMargin: headerHeight,
    initialRect: { width: 0, height },
    getItemKey: (index) => rowKey(rows[index]!, index),
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.length > 0 ? items[items.length - 1]!.index + 1 : 0;

  // Asked again whenever more rows arrive while the view is still near the end, so a page that does not fill
  // the view is followed by the next one; the latest callback is used without re-asking on every render.
  const endReached = useRef(onEndReached);
  useEffect(() => {
    endReached.current = onEndReached;
  }, [onEndReached]);
  const nearEnd = shown > 0 && last >= shown - endThreshold;
  useEffect(() => {
    if (nearEnd) endReached.current?.();
  }, [nearEnd, shown]);

  return (
    <div
      ref={scrollerRef}
      role="table"
      aria-label={label}
      aria-rowcount={rows.length + 1}
      tabIndex={0}
      data-rendered-rows={items.length}
      style={{
        // a short table is only as tall as its rows
        height: Math.min(height, shown * rowHeight + headerHeight + 2),
        overflowY: 'auto',
        position: 'relative',
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-sm)',
        fontSize: 'var(--mantine-font-size-sm)',
      }}
    >
      <div role="rowgroup" style={{ position: 'sticky', top: 0, zIndex: 1 }}>
        <div
          role="row"
          aria-rowindex={1}
          style={{
            display: 'grid',
            gridTemplateColumns: grid,
            alignItems: 'center',
            height: headerHeight,
            borderBottom: '1px solid var(--mantine-color-default-border)',
            fontWeight: 600,
            background: 'var(--mantine-color-body)',
          }}
        >
          {columns.map((c) => (
            <div key={c.key} role="columnheader" style={headerStyle(c.align)}>
              {c.label}
            </div>
          ))}
        </div>
      </div>
      <div role="rowgroup" style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
        {items.map((item) => (
          <VirtualRow
            key={item.key}
            row={rows[item.index]!}
            index={item.index}
            top={item.start - headerHeight}
            columns={columns}
            grid={grid}
            rowHeight={rowHeight}
          />
        ))}
      </div>
      {shown < rows.length ? (
        <div style={{ padding: 'var(--mantine-spacing-xs)' }}>
          Only the first {formatCount(shown)} rows can be shown here; export them as CSV to see all.
        </div>
      ) : null}
    </div>
  );
}
