// A table's own width, followed as the window is resized: tables fold or drop their less important columns
// below a width rather than being cut off (the app's smallest window is 1024x700).
import { useCallback, useEffect, useState } from 'react';

/**
 * The content width in px (0 until measured) of the element given `ref`: a callback ref, so that an element
 * drawn only later (a table that appears with its first row) is measured too. It is first measured before
 * the first paint, so that the first frame already has the layout for that width (the resize observer
 * reports within the frame, but the render it asks for lands after its paint: a table drew folded, then
 * unfolded).
 */
export function useWidth(): { ref: (el: HTMLElement | null) => void; width: number } {
  const [el, setEl] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState(0);
  const ref = useCallback((node: HTMLElement | null) => {
    setEl(node);
    if (node) setWidth(contentWidth(node));
  }, []);
  useEffect(() => {
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry!.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return { ref, width };
}

/** the content box's width, as the observer reports it (without padding) */
function contentWidth(el: HTMLElement): number {
  const style = getComputedStyle(el);
  return Math.round(el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight));
}

/** Below this width a table shows its compact layout (a table in a 1024 px window is 700-780 px wide). */
export const NARROW_PX = 900;

/**
 * The measured box's style: a scroll container, so its width is its parent's and not its table's (a flex
 * item grows to its content's width otherwise, and a wide layout would keep itself wide).
 */
export const MEASURED = { minWidth: 0, overflowX: 'auto' } as const;
