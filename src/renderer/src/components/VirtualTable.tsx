// A table that stays fast with 100k rows: only the rows in view (plus a few either side) are in the DOM,
// absolutely placed inside a spacer as tall as all rows together. Rows have one fixed height, which is what
// makes the visible range a division rather than a measurement. The header sticks to the top of the
// scrolling area, so its columns line up with the rows'. ARIA roles make it a table to assistive technology
// (and to tests), with aria-rowcount/aria-rowindex saying where the shown rows sit in the whole.
import {
  memo,
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactElement,
  type UIEvent,
} from 'react';

export interface Column<R> {
  key: string;
  label: string;
  /** a CSS grid track, e.g. '1fr' or '160px' (default: 1fr) */
  width?: string;
  align?: 'left' | 'right';
  render(row: R): string;
}

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

export function visibleRange(
  scrollTop: number,
  viewHeight: number,
  rowHeight: number,
  count: number,
  overscan: number,
): { first: number; last: number } {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((scrollTop + viewHeight) / rowHeight) + overscan);
  return { first, last };
}

const cellStyle = (align: 'left' | 'right' | undefined): CSSProperties => ({
  padding: '0 var(--mantine-spacing-xs)',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  textAlign: align ?? 'left',
  fontVariantNumeric: 'tabular-nums',
});

interface RowProps<R> {
  row: R;
  index: number;
  columns: Column<R>[];
  grid: string;
  rowHeight: number;
}

/**
 * One row, drawn again only when its own props change: a scroll step brings a few new rows into the window
 * and moves none of the others (each sits at its own absolute offset), so only the new ones render.
 */
const VirtualRow = memo(function VirtualRow<R>({ row, index, columns, grid, rowHeight }: RowProps<R>) {
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
        top: index * rowHeight,
        left: 0,
        right: 0,
        background: index % 2 ? 'var(--mantine-color-default-hover)' : undefined,
      }}
    >
      {columns.map((c) => (
        <div key={c.key} role="cell" style={cellStyle(c.align)}>
          {c.render(row)}
        </div>
      ))}
    </div>
  );
}) as <R>(props: RowProps<R>) => ReactElement;

export function VirtualTable<R>({
  label,
  columns,
  rows,
  rowKey,
  rowHeight = 34,
  height = 440,
  overscan = 6,
  onEndReached,
  endThreshold = 20,
}: VirtualTableProps<R>) {
  const [scrollTop, setScrollTop] = useState(0);
  const frame = useRef<number | null>(null);
  const grid = columns.map((c) => c.width ?? '1fr').join(' ');
  // Past the spacer limit the rows would be unreachable; say so rather than pretend.
  const shown = Math.min(rows.length, Math.floor(MAX_SPACER_PX / rowHeight));
  const headerHeight = rowHeight;
  const { first, last } = visibleRange(
    Math.max(0, scrollTop - headerHeight),
    height,
    rowHeight,
    shown,
    overscan,
  );

  const onScroll = useCallback((event: UIEvent<HTMLDivElement>) => {
    const top = event.currentTarget.scrollTop;
    // one state update per animation frame however many scroll events arrive
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      setScrollTop(top);
    });
  }, []);
  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

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

  const rowStyle: CSSProperties = {
    display: 'grid',
    gridTemplateColumns: grid,
    alignItems: 'center',
    height: rowHeight,
    borderBottom: '1px solid var(--mantine-color-default-border)',
  };

  return (
    <div
      role="table"
      aria-label={label}
      aria-rowcount={rows.length + 1}
      tabIndex={0}
      onScroll={onScroll}
      data-rendered-rows={last - first}
      style={{
        // a short table is only as tall as its rows
        height: Math.min(height, (shown + 1) * rowHeight + 2),
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
          style={{ ...rowStyle, fontWeight: 600, background: 'var(--mantine-color-body)' }}
        >
          {columns.map((c) => (
            <div key={c.key} role="columnheader" style={cellStyle(c.align)}>
              {c.label}
            </div>
          ))}
        </div>
      </div>
      <div role="rowgroup" style={{ position: 'relative', height: shown * rowHeight }}>
        {rows.slice(first, last).map((row, offset) => {
          const index = first + offset;
          return (
            <VirtualRow
              key={rowKey(row, index)}
              row={row}
              index={index}
              columns={columns}
              grid={grid}
              rowHeight={rowHeight}
            />
          );
        })}
      </div>
      {shown < rows.length ? (
        <div style={{ padding: 'var(--mantine-spacing-xs)' }}>
          Only the first {shown.toLocaleString()} rows can be shown here; export them as CSV to see all.
        </div>
      ) : null}
    </div>
  );
}
